import { createdIdSchema, type TelRegisterInput } from '@tsunagu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { telKeys } from './query-keys';

/** TEL-46: one message becomes a draft order; the answer is its id. */
export function registerTelMessage(input: TelRegisterInput) {
  return apiRequest('/api/tel/register', { method: 'POST', body: input, schema: createdIdSchema });
}

export function useRegisterTelMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerTelMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: telKeys.orders() }),
  });
}
