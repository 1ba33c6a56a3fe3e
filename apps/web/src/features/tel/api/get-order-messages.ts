import { telMessageListSchema } from '@tsunagu/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { telKeys } from './query-keys';

/** TEL-23 */
export function getTelOrderMessages(id: number) {
  return apiRequest(`/api/tel/list/${id}`, { schema: telMessageListSchema });
}

/** `refetchInterval`: while the order is being sent the message statuses are polled. */
export function useTelOrderMessages(id: number, refetchInterval: number | false) {
  return useQuery({
    queryKey: telKeys.messages(id),
    queryFn: () => getTelOrderMessages(id),
    staleTime: 0,
    refetchInterval,
  });
}
