import {
  onlineConfigSchema,
  onlineConfigWriteResponseSchema,
  type OnlineConfig,
} from '@tsunagu/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { logFetchFailure, salonPath } from '../../api/salon-path';
import { settingsKeys } from './settings-keys';

/** RSV-30: shop info, the ordered customer questions and the online actions. */
export async function getOnlineConfig(salonId: number) {
  try {
    return await apiRequest(salonPath(salonId, '/online_configs'), {
      schema: onlineConfigSchema,
    });
  } catch (error) {
    logFetchFailure('オンライン予約設定', error);
    throw error;
  }
}

export function useOnlineConfig(salonId: number) {
  return useQuery({
    queryKey: settingsKeys.onlineConfig(salonId),
    queryFn: () => getOnlineConfig(salonId),
  });
}

export type OnlineConfigWrite =
  | { kind: 'page'; id: number; body: { is_public: boolean; title: string; notice: string } }
  | { kind: 'actions'; id: number; body: { actions: OnlineConfig['actions'] } }
  | {
      kind: 'patch';
      attr: 'customer:upsert' | 'customer:remove' | 'customer:sort' | 'shop';
      body: unknown;
    };

function request(salonId: number, write: OnlineConfigWrite) {
  if (write.kind === 'page')
    return { path: salonPath(salonId, `/online_configs/${write.id}`), method: 'PUT' as const };
  if (write.kind === 'actions')
    return {
      path: salonPath(salonId, `/online_configs/${write.id}/actions`),
      method: 'PUT' as const,
    };
  return {
    path: salonPath(salonId, `/online_configs?attr=${write.attr}`),
    method: 'PATCH' as const,
  };
}

/**
 * RSV-31..36: every write answers the whole online config, which replaces the cached one, so the
 * page shows what the server stored.
 */
export function useWriteOnlineConfig(salonId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (write: OnlineConfigWrite) => {
      const { path, method } = request(salonId, write);
      const result = await apiRequest(path, {
        method,
        body: write.body,
        schema: onlineConfigWriteResponseSchema,
      });
      return result.online_config;
    },
    onSuccess: (config) => queryClient.setQueryData(settingsKeys.onlineConfig(salonId), config),
  });
}
