import { blockTimeListSchema } from '@tsunagu/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { salonKeys } from './query-keys';
import { logFetchFailure, salonPath } from './salon-path';

export async function getBlockTimesOfDay(salonId: number, date: string) {
  try {
    return await apiRequest(salonPath(salonId, `/block_times?range_date=${date}..${date}`), {
      schema: blockTimeListSchema,
    });
  } catch (error) {
    logFetchFailure('ブロック時間', error);
    throw error;
  }
}

export function useBlockTimesOfDay(salonId: number, date: string) {
  return useQuery({
    queryKey: salonKeys.blockTimesDay(salonId, date),
    queryFn: () => getBlockTimesOfDay(salonId, date),
    staleTime: 60_000,
  });
}
