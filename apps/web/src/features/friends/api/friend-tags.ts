import { tagFriendsResultSchema, tagListSchema } from '@tsunagu/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { friendKeys } from './get-friends';

/**
 * The account's tags as the friends list needs them (filter, bulk add/remove). Read here, not
 * from the tags feature (features stay apart); the key is the tags feature's list key, so both
 * screens share one cached answer and a bulk change refreshes the counts there.
 */
const TAG_LIST_KEY = ['tags', 'list'] as const;

export function useTagOptions() {
  return useQuery({
    queryKey: TAG_LIST_KEY,
    queryFn: () => apiRequest('/api/line/tags', { schema: tagListSchema }),
  });
}

export type BulkTagChange = { tagId: number; ids: number[]; action: 'add' | 'remove' };

export function useBulkTagChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tagId, ids, action }: BulkTagChange) =>
      apiRequest(`/api/line/tags/${tagId}/friends/${action}`, {
        method: 'POST',
        body: { ids },
        schema: tagFriendsResultSchema,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: friendKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['tags'] }),
      ]),
  });
}
