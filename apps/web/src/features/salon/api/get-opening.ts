import { openingConfigSchema } from '@tsunagu/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { salonKeys } from './query-keys';
import { logFetchFailure, salonPath } from './salon-path';

/** RSV-14: the opening hours of one year. */
export async function getOpening(salonId: number, year: number) {
  try {
    return await apiRequest(salonPath(salonId, `/configs?attr=opening&y=${year}`), {
      schema: openingConfigSchema,
    });
  } catch (error) {
    logFetchFailure('営業時間', error);
    throw error;
  }
}

export function useOpening(salonId: number, year: number) {
  return useQuery({
    queryKey: salonKeys.opening(salonId, year),
    queryFn: () => getOpening(salonId, year),
    staleTime: 5 * 60_000,
  });
}
