import { statusTrueSchema } from '@tsunagu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { salonKeys } from './query-keys';
import { salonPath } from './salon-path';

/** RSV-77 */
export function deleteBlockTime(salonId: number, id: number) {
  return apiRequest(salonPath(salonId, `/block_times/${id}`), {
    method: 'DELETE',
    schema: statusTrueSchema,
  });
}

export function useDeleteBlockTime(salonId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteBlockTime(salonId, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: salonKeys.blockTimes(salonId) }),
  });
}
