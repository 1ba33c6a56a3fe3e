import { statusTrueSchema } from '@tsunagu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refetchResourceShifts } from './refetch-resource-shifts';
import { salonPath } from './salon-path';

export type TimeShiftDeletion = {
  resourceId: number;
  masterId: number;
  /** `only` this date, `after` this date and later, `permanently` the whole series. */
  type: 'only' | 'after' | 'permanently';
  date: string;
  self_id: string;
};

/** RSV-53/54: `date` and `self_id` name the occurrence, and are left out for `permanently`. */
export function deleteTimeShift(salonId: number, deletion: TimeShiftDeletion) {
  const { resourceId, masterId, type, date, self_id } = deletion;
  const query =
    type === 'permanently' ? '' : `?${new URLSearchParams({ date, self_id }).toString()}`;
  return apiRequest(
    salonPath(salonId, `/resources/${resourceId}/time_shifts/${masterId}/${type}${query}`),
    { method: 'DELETE', schema: statusTrueSchema },
  );
}

export function useDeleteTimeShift(salonId: number, displayedDate: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deletion: TimeShiftDeletion) => deleteTimeShift(salonId, deletion),
    onSuccess: (_result, deletion) =>
      refetchResourceShifts(queryClient, salonId, deletion.resourceId, displayedDate),
  });
}
