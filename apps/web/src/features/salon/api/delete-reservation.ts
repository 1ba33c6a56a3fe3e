import { statusTrueSchema } from '@tsunagu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mergeReservations } from './reservation-cache';
import { salonPath } from './salon-path';

/** RSV-68 */
export function deleteReservation(salonId: number, id: number) {
  return apiRequest(salonPath(salonId, `/reservations/${id}`), {
    method: 'DELETE',
    schema: statusTrueSchema,
  });
}

export function useDeleteReservation(salonId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteReservation(salonId, id),
    onSuccess: (_result, id) => mergeReservations(queryClient, salonId, [], [id]),
  });
}
