import { onlineUrlSchema } from '@tsunagu/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { logFetchFailure, salonPath } from '../../api/salon-path';
import { settingsKeys } from './settings-keys';

/** RSV-16 GET /online_url: the salon's customer booking page (`/r/{publicKey}`). */
export function useOnlineUrl(salonId: number) {
  return useQuery({
    queryKey: settingsKeys.onlineUrl(salonId),
    // The address never changes for a salon: read once per visit.
    staleTime: Infinity,
    queryFn: async () => {
      try {
        return await apiRequest(salonPath(salonId, '/online_url'), { schema: onlineUrlSchema });
      } catch (error) {
        logFetchFailure('予約ページのURL', error);
        throw error;
      }
    },
  });
}
