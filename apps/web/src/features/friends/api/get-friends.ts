import {
  friendListSchema,
  varOpTakesValue,
  type FriendFollowState,
  type VarConditionOp,
} from '@tsunagu/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** A friend-information value to filter by (decision 0159); `choiceId` 0: none chosen. */
export type VarFilter = { varId: number; op: VarConditionOp; value: string; choiceId: number };

export type FriendFilter = {
  q: string;
  state: 'all' | FriendFollowState;
  /** 0: any tag. */
  tagId: number;
  /** null: no friend-information filter. */
  variable: VarFilter | null;
  page: number;
};

export const friendKeys = {
  all: ['friends'] as const,
  list: (filter: FriendFilter) => ['friends', 'list', filter] as const,
};

/** The list's filters as the query string both the list and the CSV export take. */
export function friendFilterQuery(filter: Omit<FriendFilter, 'page'>): URLSearchParams {
  const query = new URLSearchParams();
  if (filter.q) query.set('q', filter.q);
  if (filter.state !== 'all') query.set('state', filter.state);
  if (filter.tagId > 0) query.set('tag_id', String(filter.tagId));
  if (filter.variable) {
    const { varId, op, value, choiceId } = filter.variable;
    query.set('var_id', String(varId));
    query.set('var_op', op);
    if (varOpTakesValue(op)) query.set('var_value', value);
    if (op === 'in' && choiceId > 0) query.set('var_choice', String(choiceId));
  }
  return query;
}

export function getFriends(filter: FriendFilter) {
  const query = friendFilterQuery(filter);
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
