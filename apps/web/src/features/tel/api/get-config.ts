import { TEL_CONFIG_PRELOAD_KEY, telConfigSchema } from '@tsunagu/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { takePreloaded } from '@/lib/page-preload';
import { telKeys } from './query-keys';

export function getTelConfig() {
  return apiRequest('/api/tel/config', { schema: telConfigSchema });
}

/**
 * Which sender the server uses; it does not change while the server runs. The console's HTML
 * carries it (page preload), so the dry-run banner is there in the first paint and never
 * pushes the buttons below it down under the operator's pointer; else it is asked for.
 */
export function useTelConfig() {
  return useQuery({
    queryKey: telKeys.config(),
    queryFn: getTelConfig,
    initialData: () => takePreloaded(TEL_CONFIG_PRELOAD_KEY, telConfigSchema),
    staleTime: Infinity,
  });
}
