import { reservationCreatedSchema, reservationWriteResponseSchema } from '@tsunagu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mergeReservations } from './reservation-cache';
import type { ReservationPayload } from './reservation-payload';
import { salonPath } from './salon-path';

/** RSV-64 (POST) and RSV-65 / DEC-05 (PUT /reservations/{id}). */
export async function saveReservation(salonId: number, payload: ReservationPayload) {
  if (payload.id) {
    const result = await apiRequest(salonPath(salonId, `/reservations/${payload.id}`), {
      method: 'PUT',
      body: payload,
      schema: reservationWriteResponseSchema,
    });
    return result.reservation;
  }
  const result = await apiRequest(salonPath(salonId, '/reservations'), {
    method: 'POST',
    body: payload,
    schema: reservationCreatedSchema,
  });
  return result.reservation;
}

export function useSaveReservation(salonId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ReservationPayload) => saveReservation(salonId, payload),
    onSuccess: (reservation) => mergeReservations(queryClient, salonId, [reservation]),
  });
}
