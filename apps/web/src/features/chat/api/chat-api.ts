import {
  boardAssigneeListSchema,
  chatInboxEntrySchema,
  chatInboxSchema,
  chatMarkListSchema,
  createdIdSchema,
  chatSendResultSchema,
  chatThreadSchema,
  chatUnreadSummarySchema,
  okResponseSchema,
  tagListSchema,
  templateListSchema,
  type ChatMarkInput,
  type ChatSendInput,
  type ChatStateInput,
} from '@tsunagu/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export type InboxFilter = {
  q: string;
  state: string;
  markId: string;
  assignee: string;
  tagId: string;
};

export const chatKeys = {
  all: ['chat'] as const,
  inbox: (filter: InboxFilter) => ['chat', 'inbox', filter] as const,
  thread: (friendId: number) => ['chat', 'thread', friendId] as const,
};

function inboxQuery(filter: InboxFilter, cursor: string | null) {
  const query = new URLSearchParams();
  if (filter.q.trim()) query.set('q', filter.q.trim());
  if (filter.state) query.set('state', filter.state);
  if (filter.markId) query.set('mark_id', filter.markId);
  if (filter.assignee) query.set('assignee', filter.assignee);
  if (filter.tagId) query.set('tag_id', filter.tagId);
  if (cursor) query.set('cursor', cursor);
  return query.toString();
}

/** The inbox, 50 a page (unread first, then the newest message: the server's order). */
export function useInbox(filter: InboxFilter) {
  return useInfiniteQuery({
    queryKey: chatKeys.inbox(filter),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest(`/api/line/chats?${inboxQuery(filter, pageParam)}`, { schema: chatInboxSchema }),
    getNextPageParam: (page) => page.next_cursor,
  });
}

/**
 * A friend's thread by pages, the newest page first: each older page is asked with the previous
 * page's `next_cursor` as `before` (the server's 50 a page).
 */
export function useThread(friendId: number) {
  return useInfiniteQuery({
    queryKey: chatKeys.thread(friendId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest(
        `/api/line/chats/${friendId}/messages${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`,
        { schema: chatThreadSchema },
      ),
    getNextPageParam: (page) => page.next_cursor,
  });
}

export function useMarkRead(friendId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`/api/line/chats/${friendId}/read`, { method: 'POST', schema: okResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['chat', 'inbox'] }),
  });
}

export function useSend(friendId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChatSendInput) =>
      apiRequest(`/api/line/chats/${friendId}/messages`, {
        method: 'POST',
        body: input,
        schema: chatSendResultSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.all }),
  });
}

export function useSetState(friendId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChatStateInput) =>
      apiRequest(`/api/line/chats/${friendId}/state`, {
        method: 'PUT',
        body: input,
        schema: chatInboxEntrySchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.all }),
  });
}

/** Operators who may be assigned (the board's list: the same right, board-write, sets them). */
export function useAssigneeOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['chat', 'assignees'],
    queryFn: () => apiRequest('/api/line/board/assignees', { schema: boardAssigneeListSchema }),
    enabled,
    staleTime: 60_000,
  });
}

export function useTagOptions() {
  return useQuery({
    queryKey: ['chat', 'tags'],
    queryFn: () => apiRequest('/api/line/tags', { schema: tagListSchema }),
    staleTime: 60_000,
  });
}

export function useTemplateOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['chat', 'templates'],
    queryFn: () => apiRequest('/api/templates', { schema: templateListSchema }),
    enabled,
    staleTime: 60_000,
  });
}

/** How many threads and messages are unread, for the team (the inbox's heading). */
export function useUnreadSummary() {
  return useQuery({
    queryKey: ['chat', 'inbox', 'unread'],
    queryFn: () => apiRequest('/api/line/chats/unread', { schema: chatUnreadSummarySchema }),
  });
}

/** The shop's own marks (decision 0306). */
export function useChatMarks() {
  return useQuery({
    queryKey: ['chat', 'marks'],
    queryFn: () => apiRequest('/api/line/chat_marks', { schema: chatMarkListSchema }),
    staleTime: 30_000,
  });
}

export function useCreateMark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChatMarkInput) =>
      apiRequest('/api/line/chat_marks', { method: 'POST', body: input, schema: createdIdSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['chat', 'marks'] }),
  });
}

/** Sets (or with null takes off) the thread's mark. */
export function useSetMark(friendId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (markId: number | null) =>
      apiRequest(`/api/line/chats/${friendId}/mark`, {
        method: 'PUT',
        body: { mark_id: markId },
        schema: chatInboxEntrySchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.all }),
  });
}
