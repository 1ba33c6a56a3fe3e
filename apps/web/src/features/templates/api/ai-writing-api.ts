import { aiSettingsSchema, aiWritingSchema, type AiWritingInput } from '@tsunagu/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * Whether 生成AI設定 offers writing help (issue 31, decision 0411). Any operator reads the
 * settings; an error (no settings, a network failure) hides the button like "off".
 */
export function useAiWritingEnabled(): boolean {
  const settings = useQuery({
    queryKey: ['ai', 'settings'],
    queryFn: () => apiRequest('/api/ai/settings', { schema: aiSettingsSchema }),
    retry: false,
  });
  return settings.data?.features.writing === true;
}

/** 「AIで文を作る」: a text from the model, with what the template rules say of it. */
export function useAiWriting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AiWritingInput) =>
      apiRequest('/api/ai/writing', { method: 'POST', body: input, schema: aiWritingSchema }),
    // A run spends budget: the meter and the log of 生成AI設定 refresh.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['ai'] }),
  });
}
