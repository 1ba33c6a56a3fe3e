import { friendsImportResultSchema } from '@tsunagu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { friendKeys } from './get-friends';

/** Imports friend information from a CSV file, sent as it is (decision 0160). */
export function useImportFriendsCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      apiRequest('/api/line/friends_csv', {
        method: 'POST',
        body: new Blob([file], { type: 'text/csv' }),
        schema: friendsImportResultSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: friendKeys.all }),
  });
}
