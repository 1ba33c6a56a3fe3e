import type { Reservation } from '@tsunagu/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { salonKeys } from './query-keys';

/**
 * Puts fresh copies of reservations into every loaded day list (a moved reservation leaves
 * its old day and joins its new one) and into the single-reservation entries, and drops the
 * ids in `removed`. The timeline updates without refetching the whole day.
 */
export function mergeReservations(
  queryClient: QueryClient,
  salonId: number,
  fresh: readonly Reservation[],
  removed: readonly number[] = [],
): void {
  const gone = new Set([...removed, ...fresh.map((reservation) => reservation.id)]);
  const days = queryClient.getQueriesData<Reservation[]>({
    queryKey: salonKeys.reservationDays(salonId),
  });
  for (const [key, list] of days) {
    if (!list) continue;
    const date = key[key.length - 1];
    const kept = list.filter((reservation) => !gone.has(reservation.id));
    const joining = fresh.filter((reservation) => reservation.date === date);
    if (kept.length === list.length && joining.length === 0) continue;
    const next = [...kept, ...joining].sort((a, b) => a.from.localeCompare(b.from) || a.id - b.id);
    queryClient.setQueryData(key, next);
  }
  for (const reservation of fresh)
    queryClient.setQueryData(salonKeys.reservation(salonId, reservation.id), reservation);
  for (const id of removed) queryClient.setQueryData(salonKeys.reservation(salonId, id), null);
  // 要対応, search results and customer cards read the same bookings.
  void queryClient.invalidateQueries({ queryKey: salonKeys.desk(salonId) });
}
