import { realtimeSettingsSchema } from '@tsunagu/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { salonKeys } from './query-keys';
import { logFetchFailure } from './salon-path';

/** RT-14: api key (none: our channel is SSE), cluster, channel, debug flag and the stream's URL. */
export async function getRealtimeSettings(salonId: number) {
  try {
    return await apiRequest(`/api/realtime/settings?salon_id=${salonId}`, {
      schema: realtimeSettingsSchema,
    });
  } catch (error) {
    logFetchFailure('リアルタイム設定', error);
    throw error;
  }
}

export function useRealtimeSettings(salonId: number) {
  return useQuery({
    queryKey: salonKeys.realtimeSettings(salonId),
    queryFn: () => getRealtimeSettings(salonId),
    staleTime: Infinity,
  });
}
