import type { TimeShift } from '@tsunagu/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { monthWindow } from '../utils/dates';
import { getTimeShifts } from './get-time-shifts';
import { salonKeys } from './query-keys';

/**
 * RSV-55: after a time-shift write, that resource's shifts are fetched again for the displayed
 * month ± 6 days and replace its shifts in that window's cache; other resources stay as they are.
 */
export async function refetchResourceShifts(
  queryClient: QueryClient,
  salonId: number,
  resourceId: number,
  displayedDate: string,
): Promise<void> {
  const window = monthWindow(displayedDate);
  const fresh = await getTimeShifts(salonId, window, resourceId);
  const key = salonKeys.shiftWindow(salonId, window.start, window.end);
  queryClient.setQueryData<TimeShift[]>(key, (current) =>
    current
      ? [...current.filter((shift) => shift.salon_resource_id !== resourceId), ...fresh]
      : current,
  );
  // Other windows (months shown earlier) may hold the resource too: they refetch when shown.
  await queryClient.invalidateQueries({
    queryKey: salonKeys.shifts(salonId),
    predicate: (query) => query.queryKey.join('/') !== key.join('/'),
  });
}
