import { lineQuotaSchema } from '@tsunagu/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { lineKeys } from './query-keys';

export function getLineQuota() {
  return apiRequest('/api/line/channel/quota', { schema: lineQuotaSchema });
}

/** This month's quota, asked of LINE; only a connected channel has one. */
export function useLineQuota(enabled: boolean) {
  return useQuery({ queryKey: lineKeys.quota(), queryFn: getLineQuota, enabled });
}
