import { createdSchema, type ShiftRepeat } from '@tsunagu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refetchResourceShifts } from './refetch-resource-shifts';
import { salonPath } from './salon-path';

export type TimeShiftPayload = {
  resourceId: number;
  start_date: string;
  repeat: ShiftRepeat;
  /** RSV-49: HH:mm */
  from: string;
  to: string;
  description: string;
};

export type TimeShiftUpdate = TimeShiftPayload & {
  masterId: number;
  /** `only` this date, `after` this date and later, `all` the whole series. */
  type: 'only' | 'after' | 'all';
  date: string;
  self_id: string;
};

/** RSV-51 (POST …/resources/{id}/time_shifts) and RSV-52 (PUT …/time_shifts/{masterId}). */
export async function saveTimeShift(salonId: number, shift: TimeShiftPayload | TimeShiftUpdate) {
  const { resourceId, start_date, repeat, from, to, description } = shift;
  const body = { start_date, repeat, from, to, description };
  const base = salonPath(salonId, `/resources/${resourceId}/time_shifts`);
  if ('masterId' in shift) {
    return apiRequest(`${base}/${shift.masterId}`, {
      method: 'PUT',
      body: { ...body, type: shift.type, date: shift.date, self_id: shift.self_id },
      schema: createdSchema,
    });
  }
  return apiRequest(base, { method: 'POST', body, schema: createdSchema });
}

export function useSaveTimeShift(salonId: number, displayedDate: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shift: TimeShiftPayload | TimeShiftUpdate) => saveTimeShift(salonId, shift),
    onSuccess: (_result, shift) =>
      refetchResourceShifts(queryClient, salonId, shift.resourceId, displayedDate),
  });
}
