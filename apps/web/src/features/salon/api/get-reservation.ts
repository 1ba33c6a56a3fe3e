import type { Reservation } from '@tsunagu/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getReservationsByIds } from './get-reservations';
import { salonKeys } from './query-keys';

/**
 * One reservation for the detail panel: read from the day lists already loaded (the timeline
 * just showed it), else fetched by id (a notice may name a reservation of another day).
 */
export function useReservation(salonId: number, id: number) {
  const queryClient = useQueryClient();
  const cached = () => {
    const days = queryClient.getQueriesData<Reservation[]>({
      queryKey: salonKeys.reservationDays(salonId),
    });
    for (const [, list] of days) {
      const found = list?.find((reservation) => reservation.id === id);
      if (found) return found;
    }
    return undefined;
  };
  return useQuery({
    queryKey: salonKeys.reservation(salonId, id),
    queryFn: async () => {
      const [found] = await getReservationsByIds(salonId, [id]);
      return found ?? null;
    },
    initialData: cached,
    staleTime: 0,
  });
}
