import { friendListSchema } from '@tsunagu/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export type FriendFilter = {
  q: string;
  state: 'all' | 'following' | 'blocked';
  /** 0: any tag. */
  tagId: number;
  page: number;
};

export const friendKeys = {
  all: ['friends'] as const,
  list: (filter: FriendFilter) => ['friends', 'list', filter] as const,
};

export function getFriends(filter: FriendFilter) {
  const query = new URLSearchParams();
  if (filter.q) query.set('q', filter.q);
  if (filter.state !== 'all') query.set('state', filter.state);
  if (filter.tagId > 0) query.set('tag_id', String(filter.tagId));
  if (filter.page > 1) query.set('page', String(filter.page));
  const suffix = query.size > 0 ? `?${query}` : '';
  return apiRequest(`/api/line/friends${suffix}`, { schema: friendListSchema });
}

/** One page of friends; the previous page stays on screen while the next one loads. */
export function useFriends(filter: FriendFilter) {
  return useQuery({
    queryKey: friendKeys.list(filter),
    queryFn: () => getFriends(filter),
    placeholderData: keepPreviousData,
  });
}
