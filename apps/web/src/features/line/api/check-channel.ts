import { lineChannelSchema } from '@tsunagu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { lineKeys } from './query-keys';

/** Asks LINE again: the bot's name and icon, and sending resumes if the token works again. */
export function checkLineChannel() {
  return apiRequest('/api/line/channel/check', { method: 'POST', schema: lineChannelSchema });
}

export function useCheckLineChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkLineChannel,
    onSuccess: (channel) => {
      queryClient.setQueryData(lineKeys.channel(), channel);
      return queryClient.invalidateQueries({ queryKey: lineKeys.quota() });
    },
    // A refused token (409) flags the channel on the server: show its new state.
    onError: () => queryClient.invalidateQueries({ queryKey: lineKeys.all }),
  });
}
