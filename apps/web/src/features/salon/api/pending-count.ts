import { pendingListSchema, salonListSchema } from '@tsunagu/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { salonKeys } from './query-keys';
import { salonPath } from './salon-path';

/**
 * The 要対応 count of every salon of the account, for the side menu (issue 26). Small on
 * purpose: the menu is in every screen's bundle, the salon screens are not. The entries are
 * the salon screen's own, so a judgement there updates the menu too.
 */
export function useSalonPendingTotal(enabled: boolean): number {
  const salons = useQuery({
    queryKey: salonKeys.salons(),
    queryFn: () => apiRequest('/api/salons', { schema: salonListSchema }),
    staleTime: 5 * 60_000,
    enabled,
  });
  const results = useQueries({
    queries: (enabled ? (salons.data ?? []) : []).map((salon) => ({
      queryKey: salonKeys.pending(salon.id),
      queryFn: () =>
        apiRequest(salonPath(salon.id, '/desk/pending'), { schema: pendingListSchema }),
      staleTime: 30_000,
      refetchInterval: 60_000,
    })),
  });
  return results.reduce((sum, result) => sum + (result.data?.count ?? 0), 0);
}
