import {
  friendListSchema,
  journeyGroupSchema,
  journeySchema,
  journeyTagSchema,
  okResponseSchema,
  type Journey,
  type JourneyGroup,
  type JourneyInput,
  type JourneyTag,
} from '@tsunagu/contracts';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { refusalText } from '@/lib/api-error';
import { useToast } from '@/ui/toast';
import { assertLoaded } from './loaded-guard';

export const journeyKeys = {
  all: ['journeys'] as const,
  list: () => [...journeyKeys.all, 'list'] as const,
  detail: (id: number) => [...journeyKeys.all, 'detail', id] as const,
  groups: () => [...journeyKeys.all, 'groups'] as const,
  tags: () => [...journeyKeys.all, 'tags'] as const,
  members: (id: number, tagId: number) => [...journeyKeys.all, 'members', id, tagId] as const,
};

/** JRN-05. */
export const useJourneys = () =>
  useQuery({
    queryKey: journeyKeys.list(),
    queryFn: () => apiRequest('/api/journeys', { schema: z.array(journeySchema) }),
  });

export const useJourney = (id: number | null) =>
  useQuery({
    queryKey: journeyKeys.detail(id ?? 0),
    queryFn: () => apiRequest(`/api/journeys/${id}`, { schema: journeySchema }),
    enabled: id !== null,
  });

/** JRN-15. */
export const useJourneyGroups = () =>
  useQuery({
    queryKey: journeyKeys.groups(),
    queryFn: () => apiRequest('/api/journey_groups', { schema: z.array(journeyGroupSchema) }),
  });

/** JRN-20. */
export const useJourneyTags = () =>
  useQuery({
    queryKey: journeyKeys.tags(),
    queryFn: () => apiRequest('/api/journey_tags', { schema: z.array(journeyTagSchema) }),
  });

/** JRN-25. */
export const useJourneyTagMembers = (id: number, tagId: number | null) =>
  useQuery({
    queryKey: journeyKeys.members(id, tagId ?? 0),
    queryFn: () =>
      apiRequest(`/api/journeys/${id}/journey_tags/${tagId}/members`, {
        schema: friendListSchema,
      }),
    enabled: tagId !== null,
  });

/** A write, then everything journeys show read again. */
export function useJourneyWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: journeyKeys.all }),
  });
}

/** JRN-06 / JRN-07 (JRN-26: an update names a journey of the loaded list). */
export function useSaveJourney() {
  const queryClient = useQueryClient();
  return useJourneyWrite(async ({ id, input }: { id: number | null; input: JourneyInput }) => {
    if (id !== null)
      assertLoaded(queryClient.getQueryData<Journey[]>(journeyKeys.list()), id, 'journey');
    return apiRequest(id === null ? '/api/journeys' : `/api/journeys/${id}`, {
      method: id === null ? 'POST' : 'PUT',
      body: input,
      schema: journeySchema,
    });
  });
}

/** JRN-08. */
export const useDeleteJourney = () =>
  useJourneyWrite((id: number) =>
    apiRequest(`/api/journeys/${id}`, { method: 'DELETE', schema: okResponseSchema }),
  );

/** JRN-11. */
export const useBulkDeleteJourneys = () =>
  useJourneyWrite((ids: number[]) =>
    apiRequest('/api/journeys/bulk_delete', {
      method: 'POST',
      body: { ids },
      schema: okResponseSchema,
    }),
  );

/** JRN-12. */
export const useMoveJourneys = () =>
  useJourneyWrite(({ groupId, ids }: { groupId: number | null; ids: number[] }) =>
    apiRequest('/api/journeys/mv_group', {
      method: 'POST',
      body: { group_id: groupId, ids },
      schema: okResponseSchema,
    }),
  );

/** JRN-13. */
export const useSetJourneyFavorite = () =>
  useJourneyWrite(({ id, favorite }: { id: number; favorite: boolean }) =>
    apiRequest(`/api/journeys/${id}/fav`, {
      method: 'PATCH',
      body: { favorite },
      schema: z.object({ favorite: z.boolean(), favorite_order: z.number().nullable() }),
    }),
  );

/** JRN-14. */
export const useCopyJourney = () =>
  useJourneyWrite((id: number) =>
    apiRequest(`/api/journeys/${id}/copy`, { method: 'POST', schema: journeySchema }),
  );

/** JRN-16 / JRN-19 / JRN-18. */
export const useCreateJourneyGroup = () =>
  useJourneyWrite((name: string) =>
    apiRequest('/api/journey_groups', {
      method: 'POST',
      body: { name },
      schema: journeyGroupSchema,
    }),
  );
/** JRN-27: a folder of the loaded list. */
export function useRenameJourneyGroup() {
  const queryClient = useQueryClient();
  return useJourneyWrite(async ({ id, name }: { id: number; name: string }) => {
    assertLoaded(queryClient.getQueryData<JourneyGroup[]>(journeyKeys.groups()), id, 'group');
    return apiRequest(`/api/journey_groups/${id}/rename`, {
      method: 'PATCH',
      body: { name },
      schema: journeyGroupSchema,
    });
  });
}
export const useDeleteJourneyGroup = () =>
  useJourneyWrite((id: number) =>
    apiRequest(`/api/journey_groups/${id}`, { method: 'DELETE', schema: okResponseSchema }),
  );

/** JRN-21 / JRN-22 / JRN-23. */
export const useCreateJourneyTag = () =>
  useJourneyWrite((name: string) =>
    apiRequest('/api/journey_tags', { method: 'POST', body: { name }, schema: journeyTagSchema }),
  );
/** JRN-28: a journey tag of the loaded list. */
export function useRenameJourneyTag() {
  const queryClient = useQueryClient();
  return useJourneyWrite(async ({ id, name }: { id: number; name: string }) => {
    assertLoaded(queryClient.getQueryData<JourneyTag[]>(journeyKeys.tags()), id, 'tag');
    return apiRequest(`/api/journey_tags/${id}/rename`, {
      method: 'PATCH',
      body: { name },
      schema: journeyTagSchema,
    });
  });
}
export const useDeleteJourneyTag = () =>
  useJourneyWrite((id: number) =>
    apiRequest(`/api/journey_tags/${id}`, { method: 'DELETE', schema: okResponseSchema }),
  );

/**
 * JRN-09 / JRN-10 / JRN-17: the new order shows at once; the call sends the whole list; if it
 * fails the previous order comes back with the reason (§8: the server's, or 不明なエラー).
 */
function useOptimisticSort<T, Vars>(options: {
  queryKey: QueryKey;
  path: string;
  body: (vars: Vars) => unknown;
  apply: (current: T[], vars: Vars) => T[];
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (vars: Vars) =>
      apiRequest(options.path, {
        method: 'POST',
        body: options.body(vars),
        schema: okResponseSchema,
      }),
    onMutate: async (vars: Vars) => {
      await queryClient.cancelQueries({ queryKey: options.queryKey });
      const previous = queryClient.getQueryData<T[]>(options.queryKey);
      if (previous) queryClient.setQueryData<T[]>(options.queryKey, options.apply(previous, vars));
      return { previous };
    },
    onError: (error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData<T[]>(options.queryKey, context.previous);
      toast.error(`並び順を元に戻しました。${refusalText(error)}`);
    },
    onSuccess: () => toast.success('並び順を保存しました'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: options.queryKey }),
  });
}

/** Orders 1…n by the position in `ids` for the journeys listed; the others keep theirs. */
const reordered = (
  journeys: Journey[],
  ids: number[],
  field: 'order' | 'favorite_order',
): Journey[] =>
  journeys.map((journey) => {
    const position = ids.indexOf(journey.id);
    return position < 0 ? journey : { ...journey, [field]: position + 1 };
  });

export const useSortJourneys = () =>
  useOptimisticSort<Journey, { groupId: number | null; ids: number[] }>({
    queryKey: journeyKeys.list(),
    path: '/api/journeys/sort',
    body: ({ groupId, ids }) => ({ group_id: groupId, ids }),
    apply: (journeys, { ids }) => reordered(journeys, ids, 'order'),
  });

export const useSortFavoriteJourneys = () =>
  useOptimisticSort<Journey, { ids: number[] }>({
    queryKey: journeyKeys.list(),
    path: '/api/journeys/sort/favorite',
    body: ({ ids }) => ({ ids }),
    apply: (journeys, { ids }) => reordered(journeys, ids, 'favorite_order'),
  });

export const useSortJourneyGroups = () =>
  useOptimisticSort<JourneyGroup, { ids: number[] }>({
    queryKey: journeyKeys.groups(),
    path: '/api/journey_groups/sort',
    body: ({ ids }) => ({ ids }),
    apply: (groups, { ids }) =>
      ids
        .map((id, index) => {
          const group = groups.find((item) => item.id === id);
          return group ? { ...group, order: index + 1 } : undefined;
        })
        .filter((group): group is JourneyGroup => group !== undefined),
  });
