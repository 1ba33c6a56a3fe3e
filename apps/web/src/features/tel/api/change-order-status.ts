import { telOrderStatusSchema, type TelStatusChange } from '@tsunagu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { telKeys } from './query-keys';

/** TEL-32 (status 1, order) and TEL-33 (status -1, cancel). */
export function changeTelOrderStatus({ id, status }: { id: number } & TelStatusChange) {
  return apiRequest(`/api/tel/list/${id}/status`, {
    method: 'POST',
    body: { status },
    schema: telOrderStatusSchema,
  });
}

export function useChangeTelOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeTelOrderStatus,
    // TEL-34: the status is fetched again after a change, whatever the answer was; the
    // mutation stays pending until it is back, so the status text reads 通信中... meanwhile.
    onSettled: (_result, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: telKeys.order(id) }),
        queryClient.invalidateQueries({ queryKey: telKeys.orders() }),
      ]),
  });
}
