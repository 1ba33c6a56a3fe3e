import {
  friendFormAnswerSchema,
  friendReservationSchema,
  friendSchema,
  friendVarValueSchema,
  tagFriendsResultSchema,
  varChoiceSchema,
  variaSchema,
  type FriendVarValuesInput,
  type VarItem,
} from '@tsunagu/contracts';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { takePreloaded } from '@/lib/page-preload';
import { friendKeys } from './get-friends';

/**
 * One friend's page. The friend information definitions use the key of the friend-info feature
 * (`['varia']`, choices under `['varia', 'choices', id]`), so the two screens share one cached
 * answer — read from the page's preloaded copy first (REF-08), from the API after.
 */
const VARIA_KEY = ['varia'] as const;
const choicesKey = (varId: number) => ['varia', 'choices', varId] as const;

export const friendDetailKeys = {
  friend: (id: number) => [...friendKeys.all, 'detail', id] as const,
  values: (id: number) => [...friendKeys.all, 'detail', id, 'varia'] as const,
  reservations: (id: number) => [...friendKeys.all, 'detail', id, 'reservations'] as const,
  formAnswers: (id: number) => [...friendKeys.all, 'detail', id, 'form-answers'] as const,
};

export function useFriend(id: number) {
  return useQuery({
    queryKey: friendDetailKeys.friend(id),
    queryFn: () => apiRequest(`/api/line/friends/${id}`, { schema: friendSchema }),
  });
}

export function useVariaDefinitions() {
  return useQuery({
    queryKey: VARIA_KEY,
    queryFn: () => apiRequest('/api/v_resource/varia', { schema: variaSchema }),
    initialData: () => takePreloaded('varia', variaSchema),
    // The preloaded copy is as old as the page: not asked for again within a minute of the
    // page load, refreshed in the background after that (REF-08, decision 0144).
    initialDataUpdatedAt: () => performance.timeOrigin,
    staleTime: 60_000,
  });
}

/** REF-05: the choices of every choice field shown, each cached under its field's id. */
export function useChoicesOf(items: readonly VarItem[]) {
  return useQueries({
    queries: items.map((item) => ({
      queryKey: choicesKey(item.id),
      queryFn: () => apiRequest(`/api/var/choice/${item.id}`, { schema: z.array(varChoiceSchema) }),
    })),
  });
}

export function useFriendValues(id: number) {
  return useQuery({
    queryKey: friendDetailKeys.values(id),
    queryFn: () =>
      apiRequest(`/api/line/friends/${id}/varia`, { schema: z.array(friendVarValueSchema) }),
  });
}

export function useSaveFriendValues(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FriendVarValuesInput) =>
      apiRequest(`/api/line/friends/${id}/varia`, {
        method: 'PUT',
        body: input,
        schema: z.array(friendVarValueSchema),
      }),
    onSuccess: (saved) => queryClient.setQueryData(friendDetailKeys.values(id), saved),
  });
}

export function useFriendReservations(id: number) {
  return useQuery({
    queryKey: friendDetailKeys.reservations(id),
    queryFn: () =>
      apiRequest(`/api/line/friends/${id}/reservations`, {
        schema: z.array(friendReservationSchema),
      }),
  });
}

/** The friend's form submissions, newest first (decision 0150). */
export function useFriendFormAnswers(id: number) {
  return useQuery({
    queryKey: friendDetailKeys.formAnswers(id),
    queryFn: () =>
      apiRequest(`/api/line/friends/${id}/form_answers`, {
        schema: z.array(friendFormAnswerSchema),
      }),
  });
}

/** Adds or removes one tag of this friend through the tags' bulk call (one id). */
export function useFriendTagChange(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tagId, action }: { tagId: number; action: 'add' | 'remove' }) =>
      apiRequest(`/api/line/tags/${tagId}/friends/${action}`, {
        method: 'POST',
        body: { ids: [id] },
        schema: tagFriendsResultSchema,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: friendKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['tags'] }),
      ]),
  });
}
