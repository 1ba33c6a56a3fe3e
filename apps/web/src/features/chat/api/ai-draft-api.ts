import { aiAnswerSchema, aiSettingsSchema } from '@tsunagu/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Whether 生成AI設定 offers reply drafts (any operator reads the settings). */
export function useAiDraftsEnabled(): boolean {
  const settings = useQuery({
    queryKey: ['ai', 'settings'],
    queryFn: () => apiRequest('/api/ai/settings', { schema: aiSettingsSchema }),
    retry: false,
  });
  return settings.data?.features.drafts === true;
}

/** 「AI下書き」: an answer to the friend's newest text (issue 31, decision 0355). */
export function useAiDraft(friendId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/ai/drafts', {
        method: 'POST',
        body: { friend_id: friendId },
        schema: aiAnswerSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['ai'] }),
  });
}
