import {
  createdIdSchema,
  friendListSchema,
  linePushResultSchema,
  okResponseSchema,
  templateCreatedSchema,
  templateListSchema,
  templateSavedSchema,
  templateSchema,
  type TemplateInput,
} from '@tsunagu/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** Every cache entry of this feature (issue 14, decision 0161). */
export const templateKeys = {
  all: ['templates'] as const,
  list: () => [...templateKeys.all, 'list'] as const,
  detail: (id: number) => [...templateKeys.all, 'detail', id] as const,
  friends: (q: string) => [...templateKeys.all, 'friends', q] as const,
  testSend: (pushId: number) => [...templateKeys.all, 'test-send', pushId] as const,
};

/** A test send still waiting is asked again this often, until LINE has answered. */
const TEST_SEND_POLL_MS = 1_000;

/** What became of a test send: waiting, sent, or LINE's refusal with its details. */
export function useTestSendResult(
  pushId: number | null,
  /** Where the result is read (another feature's test send, e.g. お知らせ). */
  resultsPath = '/api/templates/test_sends',
) {
  return useQuery({
    queryKey: [...templateKeys.testSend(pushId ?? 0), resultsPath],
    queryFn: () => apiRequest(`${resultsPath}/${pushId}`, { schema: linePushResultSchema }),
    enabled: pushId !== null,
    refetchInterval: (query) => {
      if (query.state.status === 'error') return false;
      const state = query.state.data?.state;
      return state === undefined || state === 'queued' || state === 'sending'
        ? TEST_SEND_POLL_MS
        : false;
    },
  });
}

export function useTemplateList() {
  return useQuery({
    queryKey: templateKeys.list(),
    queryFn: () => apiRequest('/api/templates', { schema: templateListSchema }),
  });
}

export function useTemplate(id: number | null) {
  return useQuery({
    queryKey: templateKeys.detail(id ?? 0),
    queryFn: () => apiRequest(`/api/templates/${id}`, { schema: templateSchema }),
    enabled: id !== null,
  });
}

/** A write, then everything this feature shows is read again (orders and previews move). */
function useTemplateWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

export const useCreateTemplate = () =>
  useTemplateWrite((input: TemplateInput) =>
    apiRequest('/api/templates', { method: 'POST', body: input, schema: templateCreatedSchema }),
  );

export const useUpdateTemplate = () =>
  useTemplateWrite(({ id, input }: { id: number; input: TemplateInput }) =>
    apiRequest(`/api/templates/${id}`, { method: 'PUT', body: input, schema: templateSavedSchema }),
  );

export const useDeleteTemplate = () =>
  useTemplateWrite((id: number) =>
    apiRequest(`/api/templates/${id}`, { method: 'DELETE', schema: okResponseSchema }),
  );

export const useCopyTemplate = () =>
  useTemplateWrite((id: number) =>
    apiRequest(`/api/templates/${id}/copy`, { method: 'POST', schema: createdIdSchema }),
  );

export const useFavoriteTemplate = () =>
  useTemplateWrite(({ id, favorite }: { id: number; favorite: boolean }) =>
    apiRequest(`/api/templates/${id}/favorite`, {
      method: 'PUT',
      body: { favorite },
      schema: okResponseSchema,
    }),
  );

/** A test send is queued, not delivered: nothing this feature shows changes. */
/** How a test send is queued: a saved template's by default, or the caller's own (お知らせ). */
export type TestSender = (friendId: number) => Promise<{ push_id: number }>;

export function useTestSend(sender?: TestSender) {
  return useMutation({
    mutationFn: ({ id, friendId }: { id: number; friendId: number }) =>
      sender
        ? sender(friendId)
        : apiRequest(`/api/templates/${id}/test_send`, {
            method: 'POST',
            body: { friend_id: friendId },
            schema: z.object({ push_id: z.number().int() }),
          }),
  });
}

export const useCreateTemplateGroup = () =>
  useTemplateWrite((name: string) =>
    apiRequest('/api/template_groups', { method: 'POST', body: { name }, schema: createdIdSchema }),
  );

export const useRenameTemplateGroup = () =>
  useTemplateWrite(({ id, name }: { id: number; name: string }) =>
    apiRequest(`/api/template_groups/${id}`, {
      method: 'PUT',
      body: { name },
      schema: okResponseSchema,
    }),
  );

export const useDeleteTemplateGroup = () =>
  useTemplateWrite((id: number) =>
    apiRequest(`/api/template_groups/${id}`, { method: 'DELETE', schema: okResponseSchema }),
  );

/** Following friends whose name holds `q`, for picking the one a test goes to (first page). */
export function useFollowingFriends(q: string, enabled: boolean) {
  return useQuery({
    queryKey: templateKeys.friends(q),
    queryFn: () =>
      apiRequest(`/api/line/friends?${new URLSearchParams({ q, state: 'following' })}`, {
        schema: friendListSchema,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
