import {
  aiAnswerSchema,
  aiConnectionTestSchema,
  aiKnowledgeDraftSchema,
  aiRunsSchema,
  aiSettingsSchema,
  type AiSettingsInput,
} from '@tsunagu/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const aiKeys = {
  all: ['ai'] as const,
  settings: () => ['ai', 'settings'] as const,
  runs: () => ['ai', 'runs'] as const,
};

export function useAiSettings() {
  return useQuery({
    queryKey: aiKeys.settings(),
    queryFn: () => apiRequest('/api/ai/settings', { schema: aiSettingsSchema }),
  });
}

export function useAiRuns() {
  return useQuery({
    queryKey: aiKeys.runs(),
    queryFn: () => apiRequest('/api/ai/runs', { schema: aiRunsSchema }),
  });
}

/** Every AI call may add a run and spend budget: the settings (meter) and the log refresh. */
function useAiMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: aiKeys.all }),
  });
}

export function useSaveAiSettings() {
  return useAiMutation((input: AiSettingsInput) =>
    apiRequest('/api/ai/settings', { method: 'PUT', body: input, schema: aiSettingsSchema }),
  );
}

export function useTestAiConnection() {
  return useAiMutation(() =>
    apiRequest('/api/ai/settings/test', { method: 'POST', schema: aiConnectionTestSchema }),
  );
}

export function useAiPreview() {
  return useAiMutation((question: string) =>
    apiRequest('/api/ai/preview', {
      method: 'POST',
      body: { question },
      schema: aiAnswerSchema,
    }),
  );
}

/** Q&A drafts from the shop's data (owner only); nothing is stored until the settings are saved. */
export function useAiKnowledgeDraft() {
  return useAiMutation(() =>
    apiRequest('/api/ai/knowledge/draft', { method: 'POST', schema: aiKnowledgeDraftSchema }),
  );
}
