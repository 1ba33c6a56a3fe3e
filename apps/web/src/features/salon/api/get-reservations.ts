import { reservationListSchema } from '@tsunagu/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { salonKeys } from './query-keys';
import { logFetchFailure, salonPath } from './salon-path';

/** RSV-62: the reservations of one day, every status. */
export async function getReservationsOfDay(salonId: number, date: string) {
  try {
    return await apiRequest(salonPath(salonId, `/reservations?range_date=${date}..${date}`), {
      schema: reservationListSchema,
    });
  } catch (error) {
    logFetchFailure('予約', error);
    throw error;
  }
}

/** RSV-63: specific reservations, `?ids=a,b` (a realtime event names the ones that changed). */
export async function getReservationsByIds(salonId: number, ids: readonly number[]) {
  try {
    return await apiRequest(salonPath(salonId, `/reservations?ids=${ids.join(',')}`), {
      schema: reservationListSchema,
    });
  } catch (error) {
    logFetchFailure('予約', error);
    throw error;
  }
}

export function useReservationsOfDay(salonId: number, date: string) {
  return useQuery({
    queryKey: salonKeys.reservationDay(salonId, date),
    queryFn: () => getReservationsOfDay(salonId, date),
    // Other people's changes arrive through the event stream (RT-01), not by polling.
    staleTime: 60_000,
  });
}
