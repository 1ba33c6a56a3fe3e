import { salonConfigSchema } from '@tsunagu/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { salonKeys } from './query-keys';
import { logFetchFailure, salonPath } from './salon-path';

/** RSV-08: the switches, push_notification among them (RT-12). */
export async function getSalonConfig(salonId: number) {
  try {
    return await apiRequest(salonPath(salonId, '/configs'), { schema: salonConfigSchema });
  } catch (error) {
    logFetchFailure('サロン設定', error);
    throw error;
  }
}

export function useSalonConfig(salonId: number) {
  return useQuery({
    queryKey: salonKeys.config(salonId),
    queryFn: () => getSalonConfig(salonId),
    staleTime: 60_000,
  });
}
