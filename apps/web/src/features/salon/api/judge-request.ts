import { reservationWriteResponseSchema } from '@tsunagu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mergeReservations } from './reservation-cache';
import { salonPath } from './salon-path';

export type Judgement = {
  id: number;
  childId: number;
  /** RSV-71 `edit` (a change request) or RSV-73 `cancel`. */
  kind: 'edit' | 'cancel';
  status: 'approve' | 'deny';
};

export async function judgeRequest(salonId: number, { id, childId, kind, status }: Judgement) {
  const result = await apiRequest(
    salonPath(salonId, `/reservations/${id}/judge/${childId}/${kind}`),
    { method: 'POST', body: { status }, schema: reservationWriteResponseSchema },
  );
  return result.reservation;
}

export function useJudgeRequest(salonId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (judgement: Judgement) => judgeRequest(salonId, judgement),
    // RSV-72: the child is gone and the parent carries the approved values.
    onSuccess: (reservation) => mergeReservations(queryClient, salonId, [reservation]),
  });
}
