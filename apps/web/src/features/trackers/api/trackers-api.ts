import {
  contentGroupListSchema,
  contentGroupSchema,
  trackerCreatedSchema,
  trackerFriendListSchema,
  trackerListSchema,
  trackerSchema,
  type ContentGroupInput,
  type TrackerFriendKind,
  type TrackerInput,
} from '@tsunagu/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const keys = {
  all: ['trackers'] as const,
  list: (group: number | null) => ['trackers', 'list', group ?? 'all'] as const,
  one: (id: number) => ['trackers', 'one', id] as const,
  friends: (id: number, kind: TrackerFriendKind) => ['trackers', 'friends', id, kind] as const,
  groups: ['content-groups'] as const,
};

/** The account's trackers with their counts (a folder's, or all). */
export const useTrackers = (group: number | null) =>
  useQuery({
    queryKey: keys.list(group),
    queryFn: () =>
      apiRequest(`/api/line/trackers${group === null ? '' : `?group=${group}`}`, {
        schema: trackerListSchema,
      }),
  });

export const useTracker = (id: number | null) =>
  useQuery({
    queryKey: keys.one(id ?? 0),
    queryFn: () => apiRequest(`/api/line/trackers/${id}`, { schema: trackerSchema }),
    enabled: id !== null,
  });

export const useTrackerFriends = (id: number, kind: TrackerFriendKind | null) =>
  useQuery({
    queryKey: keys.friends(id, kind ?? 'friends'),
    queryFn: () =>
      apiRequest(`/api/line/trackers/${id}/friends?kind=${kind}`, {
        schema: trackerFriendListSchema,
      }),
    enabled: kind !== null,
  });

export function useSaveTracker(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: TrackerInput) =>
      id === null
        ? (
            await apiRequest('/api/line/trackers', {
              method: 'POST',
              body: input,
              schema: trackerCreatedSchema,
            })
          ).id
        : (
            await apiRequest(`/api/line/trackers/${id}`, {
              method: 'PUT',
              body: input,
              schema: trackerSchema,
            })
          ).id,
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useSetTrackerActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      apiRequest(`/api/line/trackers/${id}/active`, {
        method: 'PUT',
        body: { active },
        schema: trackerSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export const useContentGroups = () =>
  useQuery({
    queryKey: keys.groups,
    queryFn: () => apiRequest('/api/line/content-groups', { schema: contentGroupListSchema }),
  });

export function useCreateContentGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ContentGroupInput) =>
      apiRequest('/api/line/content-groups', {
        method: 'POST',
        body: input,
        schema: contentGroupSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.groups }),
  });
}
