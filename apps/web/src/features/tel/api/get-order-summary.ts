import { telOrderSummarySchema } from '@tsunagu/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { telKeys } from './query-keys';

/** Counts per message status and the warnings of ordering, counted by the server now. */
export function getTelOrderSummary(id: number) {
  return apiRequest(`/api/tel/list/${id}/summary`, { schema: telOrderSummarySchema });
}

/** `refetchInterval`: polled with the messages while the order is being sent. */
export function useTelOrderSummary(id: number, refetchInterval: number | false) {
  return useQuery({
    queryKey: telKeys.summary(id),
    queryFn: () => getTelOrderSummary(id),
    staleTime: 0,
    refetchInterval,
  });
}
