import { telConfigSchema } from '@tsunagu/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { telKeys } from './query-keys';

export function getTelConfig() {
  return apiRequest('/api/tel/config', { schema: telConfigSchema });
}

/** Which sender the server uses; it does not change while the server runs. */
export function useTelConfig() {
  return useQuery({ queryKey: telKeys.config(), queryFn: getTelConfig, staleTime: Infinity });
}
