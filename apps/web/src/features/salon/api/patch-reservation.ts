import { reservationWriteResponseSchema, type ReservationPatchAttr } from '@tsunagu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mergeReservations } from './reservation-cache';
import { salonPath } from './salon-path';

export type ReservationPatch = { id: number; attr: ReservationPatchAttr; value: unknown };

/** RSV-66/67, DEC-05: exactly one attribute, `PATCH /reservations/{id}?attr=` with `{value}`. */
export async function patchReservation(salonId: number, { id, attr, value }: ReservationPatch) {
  const result = await apiRequest(salonPath(salonId, `/reservations/${id}?attr=${attr}`), {
    method: 'PATCH',
    body: { value },
    schema: reservationWriteResponseSchema,
  });
  return result.reservation;
}

export function usePatchReservation(salonId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ReservationPatch) => patchReservation(salonId, patch),
    onSuccess: (reservation) => mergeReservations(queryClient, salonId, [reservation]),
  });
}
