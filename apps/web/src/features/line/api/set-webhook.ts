import { lineWebhookTestSchema } from '@tsunagu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { lineKeys } from './query-keys';

/** Sets the webhook URL at LINE and has LINE test it; the answer is LINE's own. */
export function setLineWebhook() {
  return apiRequest('/api/line/channel/webhook', {
    method: 'POST',
    schema: lineWebhookTestSchema,
  });
}

export function useSetLineWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLineWebhook,
    // A refused token (409) flags the channel on the server: show its new state.
    onError: () => queryClient.invalidateQueries({ queryKey: lineKeys.channel() }),
  });
}
