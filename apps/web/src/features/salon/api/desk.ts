import { customerCardSchema, pendingListSchema, reservationListSchema } from '@tsunagu/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { salonKeys } from './query-keys';
import { logFetchFailure, salonPath } from './salon-path';

/** The front desk (issue 26): 要対応 across all days, search, the customer card. */
export async function getPending(salonId: number) {
  try {
    return await apiRequest(salonPath(salonId, '/desk/pending'), { schema: pendingListSchema });
  } catch (error) {
    logFetchFailure('要対応', error);
    throw error;
  }
}

export function usePending(salonId: number) {
  return useQuery({
    queryKey: salonKeys.pending(salonId),
    queryFn: () => getPending(salonId),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

export function useReservationSearch(salonId: number, q: string) {
  return useQuery({
    queryKey: salonKeys.search(salonId, q),
    queryFn: () =>
      apiRequest(salonPath(salonId, `/desk/search?q=${encodeURIComponent(q)}`), {
        schema: reservationListSchema,
      }),
    enabled: q.trim() !== '',
    staleTime: 10_000,
  });
}

/** A customer is the friend a booking belongs to, or the phone it gives. */
export type CustomerKey = { member_id: number } | { phone: string };

export function customerKeyOf(reservation: {
  member_id: number | null;
  phone: string;
}): CustomerKey | null {
  if (reservation.member_id) return { member_id: reservation.member_id };
  if (reservation.phone) return { phone: reservation.phone };
  return null;
}

/** The card, a page of visits at a time: `fetchNextPage` is もっと見る (newest first). */
export function useCustomerCard(salonId: number, key: CustomerKey) {
  const query = 'member_id' in key ? `member_id=${key.member_id}` : `phone=${key.phone}`;
  return useInfiniteQuery({
    queryKey: salonKeys.customer(salonId, query),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) =>
      apiRequest(
        salonPath(
          salonId,
          `/desk/customer?${query}${pageParam === null ? '' : `&before=${pageParam}`}`,
        ),
        { schema: customerCardSchema },
      ),
    getNextPageParam: (last) => last.next_before,
  });
}
