import { okResponseSchema } from '@tsunagu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { lineKeys } from './query-keys';

export function disconnectLineChannel() {
  return apiRequest('/api/line/channel', { method: 'DELETE', schema: okResponseSchema });
}

export function useDisconnectLineChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectLineChannel,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: lineKeys.quota() });
      return queryClient.invalidateQueries({ queryKey: lineKeys.channel() });
    },
  });
}
