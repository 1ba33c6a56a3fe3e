import {
  adAuthorizeSchema,
  adConnectionSchema,
  adSendLogEntrySchema,
  okResponseSchema,
  type AdPlatform,
} from '@tsunagu/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export const adConnectBase = '/api/line/ad_connections';

/** Every cache entry of this feature (issue 30). */
export const adConnectKeys = {
  all: ['ad-connect'] as const,
  list: () => [...adConnectKeys.all, 'list'] as const,
  log: (platform: AdPlatform) => [...adConnectKeys.all, 'log', platform] as const,
};

export const useAdConnections = () =>
  useQuery({
    queryKey: adConnectKeys.list(),
    queryFn: () => apiRequest(adConnectBase, { schema: z.array(adConnectionSchema) }),
  });

export const useAdSendLog = (platform: AdPlatform, enabled: boolean) =>
  useQuery({
    queryKey: adConnectKeys.log(platform),
    queryFn: () =>
      apiRequest(`${adConnectBase}/${platform}/log`, { schema: z.array(adSendLogEntrySchema) }),
    enabled,
  });

/** Saves a platform's connection (the body is that platform's input). */
export function useSaveAdConnection(platform: AdPlatform) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) =>
      apiRequest(`${adConnectBase}/${platform}`, {
        method: 'PUT',
        body,
        schema: adConnectionSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: adConnectKeys.all }),
  });
}

/** 停止 / 再開 / 接続解除. */
export function useAdConnectionAction(platform: AdPlatform) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: 'pause' | 'resume' | 'remove'): Promise<void> => {
      if (action === 'remove')
        await apiRequest(`${adConnectBase}/${platform}`, {
          method: 'DELETE',
          schema: okResponseSchema,
        });
      else
        await apiRequest(`${adConnectBase}/${platform}/${action}`, {
          method: 'POST',
          schema: adConnectionSchema,
        });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: adConnectKeys.all }),
  });
}

/** Google's consent page: the browser goes there and comes back to the callback. */
export const useGoogleAuthorize = () =>
  useMutation({
    mutationFn: () =>
      apiRequest(`${adConnectBase}/google/authorize`, {
        method: 'POST',
        schema: adAuthorizeSchema,
      }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
