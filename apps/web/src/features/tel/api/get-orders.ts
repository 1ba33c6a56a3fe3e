import { telOrderListSchema } from '@tsunagu/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { telKeys } from './query-keys';

/** TEL-02 */
export function getTelOrders() {
  return apiRequest('/api/tel/list', { schema: telOrderListSchema });
}

export function useTelOrders() {
  // Counts move while orders are sent, so the list is fetched fresh on every visit.
  return useQuery({ queryKey: telKeys.orders(), queryFn: getTelOrders, staleTime: 0 });
}
