import {
  createdIdSchema,
  memberQuerySchema,
  notificationEstimateSchema,
  notificationInsightSchema,
  notificationListSchema,
  notificationSchema,
  okResponseSchema,
  tagListSchema,
  templateListSchema,
  type NotificationAudience,
  type NotificationInput,
} from '@tsunagu/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

const base = '/api/line/notifications';

/** Every cache entry of this feature (issue 24, decision 0220). */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  detail: (id: number) => [...notificationKeys.all, 'detail', id] as const,
  insight: (id: number) => [...notificationKeys.all, 'insight', id] as const,
  estimate: (body: unknown) => [...notificationKeys.all, 'estimate', body] as const,
  segments: () => [...notificationKeys.all, 'segments'] as const,
  tags: () => [...notificationKeys.all, 'tags'] as const,
  templates: () => [...notificationKeys.all, 'templates'] as const,
};

/** While something is sending or scheduled the list and the page are read again this often. */
const LIVE_POLL_MS = 3_000;
const live = (state: string | undefined) => state === 'sending' || state === 'scheduled';

export const useNotificationList = () =>
  useQuery({
    queryKey: notificationKeys.list(),
    queryFn: () => apiRequest(base, { schema: notificationListSchema }),
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => live(item.state)) ? LIVE_POLL_MS : false,
  });

export const useNotification = (id: number | null) =>
  useQuery({
    queryKey: notificationKeys.detail(id ?? 0),
    queryFn: () => apiRequest(`${base}/${id}`, { schema: notificationSchema }),
    enabled: id !== null,
    refetchInterval: (query) => (live(query.state.data?.state) ? LIVE_POLL_MS : false),
  });

export const useNotificationInsight = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: notificationKeys.insight(id),
    queryFn: () => apiRequest(`${base}/${id}/insight`, { schema: notificationInsightSchema }),
    enabled,
  });

export type EstimateBody = {
  content: NotificationInput['content'];
  audience: NotificationAudience;
};

/** The live count, path, duration and quota of what is being composed (null: incomplete). */
export const useNotificationEstimate = (body: EstimateBody | null) =>
  useQuery({
    queryKey: notificationKeys.estimate(body),
    queryFn: () =>
      apiRequest(`${base}/estimate`, {
        method: 'POST',
        body,
        schema: notificationEstimateSchema,
      }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useSegmentChoices = () =>
  useQuery({
    queryKey: notificationKeys.segments(),
    queryFn: () =>
      apiRequest('/api/journey/member_queries', { schema: z.array(memberQuerySchema) }),
  });

export const useTemplateChoices = () =>
  useQuery({
    queryKey: notificationKeys.templates(),
    queryFn: () => apiRequest('/api/templates', { schema: templateListSchema }),
  });

export const useTagChoices = () =>
  useQuery({
    queryKey: notificationKeys.tags(),
    queryFn: () => apiRequest('/api/line/tags', { schema: tagListSchema }),
  });

function useNotificationWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export const useCreateNotification = () =>
  useNotificationWrite((input: NotificationInput) =>
    apiRequest(base, { method: 'POST', body: input, schema: createdIdSchema }),
  );

export const useUpdateNotification = () =>
  useNotificationWrite(({ id, input }: { id: number; input: NotificationInput }) =>
    apiRequest(`${base}/${id}`, { method: 'PUT', body: input, schema: notificationSchema }),
  );

export const useSendNotification = () =>
  useNotificationWrite(({ id, confirmOverQuota }: { id: number; confirmOverQuota: boolean }) =>
    apiRequest(`${base}/${id}/send`, {
      method: 'POST',
      body: { confirm_over_quota: confirmOverQuota },
      schema: notificationSchema,
    }),
  );

export const useCancelNotification = () =>
  useNotificationWrite((id: number) =>
    apiRequest(`${base}/${id}/cancel`, { method: 'POST', body: {}, schema: notificationSchema }),
  );

export const useDeleteNotification = () =>
  useNotificationWrite((id: number) =>
    apiRequest(`${base}/${id}`, { method: 'DELETE', schema: okResponseSchema }),
  );

/** テスト送信 of the content being composed (decision 0162's mechanism). */
export const testSendNotification = (content: NotificationInput['content'], friendId: number) =>
  apiRequest(`${base}/test_send`, {
    method: 'POST',
    body: { content, friend_id: friendId },
    schema: z.object({ push_id: z.number().int() }),
  });

export const TEST_SEND_RESULTS_PATH = `${base}/test_sends`;
