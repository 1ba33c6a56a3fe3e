import { lineChannelSchema, type LineChannelInput } from '@tsunagu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { lineKeys } from './query-keys';

/** Connects, or saves the settings of, the account's channel; LINE checks it first (422 if not). */
export function connectLineChannel(input: LineChannelInput) {
  return apiRequest('/api/line/channel', {
    method: 'PUT',
    body: input,
    schema: lineChannelSchema,
  });
}

export function useConnectLineChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectLineChannel,
    onSuccess: (channel) => {
      queryClient.setQueryData(lineKeys.channel(), channel);
      return queryClient.invalidateQueries({ queryKey: lineKeys.quota() });
    },
  });
}
