import { TEL_ORDER_STATUS, telOrderStatusSchema } from '@tsunagu/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { telKeys } from './query-keys';

/** While an order is being sent (ordered or in progress) its statuses are polled this often. */
export const TEL_POLL_MS = 2000;

export function isSendingTel(status: number | undefined): boolean {
  return status === TEL_ORDER_STATUS.ordered || status === TEL_ORDER_STATUS.inProgress;
}

/** TEL-21 */
export function getTelOrderStatus(id: number) {
  return apiRequest(`/api/tel/list/${id}/status`, { schema: telOrderStatusSchema });
}

export function useTelOrderStatus(id: number) {
  return useQuery({
    queryKey: telKeys.status(id),
    queryFn: () => getTelOrderStatus(id),
    staleTime: 0,
    refetchInterval: (query) => (isSendingTel(query.state.data?.status) ? TEL_POLL_MS : false),
  });
}
