import {
  episodeSchema,
  okResponseSchema,
  salonEpisodesSchema,
  salonListSchema,
  tagListSchema,
  templateListSchema,
  type Episode,
  type EpisodeInput,
  type EpisodeStepInput,
  isEpisodeType,
} from '@tsunagu/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export const episodeKeys = {
  all: ['episodes'] as const,
  list: () => [...episodeKeys.all, 'list'] as const,
  salons: () => [...episodeKeys.all, 'salons'] as const,
  attached: (salonId: number) => [...episodeKeys.all, 'attached', salonId] as const,
  choices: () => [...episodeKeys.all, 'choices'] as const,
};

/** EPI-01: the episodes and follows not deleted, with their steps. */
export const useEpisodes = () =>
  useQuery({
    queryKey: episodeKeys.list(),
    queryFn: () => apiRequest('/api/episodes', { schema: z.array(episodeSchema) }),
  });

export const useSalons = () =>
  useQuery({
    queryKey: episodeKeys.salons(),
    queryFn: () => apiRequest('/api/salons', { schema: salonListSchema }),
  });

/** Which episode and follow the salon runs. */
export const useSalonEpisodes = (salonId: number | null) =>
  useQuery({
    queryKey: episodeKeys.attached(salonId ?? 0),
    queryFn: () =>
      apiRequest(`/api/line/slot_groups/${salonId}/salon`, { schema: salonEpisodesSchema }),
    enabled: salonId !== null,
  });

/** The templates and tags a step can name. */
export const useStepChoices = () =>
  useQuery({
    queryKey: episodeKeys.choices(),
    queryFn: async () => {
      const [templates, tags] = await Promise.all([
        apiRequest('/api/templates', { schema: templateListSchema }),
        apiRequest('/api/line/tags', { schema: tagListSchema }),
      ]);
      return {
        templates: templates.items.map(({ id, name }) => ({ id, name })),
        tags: tags.tags.map(({ id, name }) => ({ id, name })),
      };
    },
  });

const attachCall = (salonId: number, attr: 'episode_id' | 'follow_id', value: number | null) =>
  apiRequest(`/api/line/slot_groups/${salonId}/salon?attr=${attr}`, {
    method: 'PATCH',
    body: { value },
    schema: salonEpisodesSchema,
  });

/**
 * EPI-04, then EPI-05 / EPI-06: created, then attached to the salon — as its episode when the
 * type is 10, else as its follow.
 */
export function useCreateEpisode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, salonId }: { input: EpisodeInput; salonId: number | null }) => {
      const episode = await apiRequest('/api/episodes', {
        method: 'POST',
        body: input,
        schema: episodeSchema,
      });
      if (salonId !== null)
        await attachCall(
          salonId,
          isEpisodeType(episode.type) ? 'episode_id' : 'follow_id',
          episode.id,
        );
      return episode;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: episodeKeys.all }),
  });
}

export function useAttachEpisode(salonId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ attr, value }: { attr: 'episode_id' | 'follow_id'; value: number | null }) =>
      attachCall(salonId, attr, value),
    onSuccess: (attached) => queryClient.setQueryData(episodeKeys.attached(salonId), attached),
  });
}

/** EPI-03: the whole list of steps. */
export function useSaveSteps() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, steps }: { id: number; steps: EpisodeStepInput[] }) =>
      apiRequest(`/api/episodes/${id}/steps`, {
        method: 'POST',
        body: { steps },
        schema: episodeSchema,
      }),
    onSuccess: (saved) =>
      queryClient.setQueryData<Episode[]>(episodeKeys.list(), (list = []) =>
        list.map((episode) => (episode.id === saved.id ? saved : episode)),
      ),
  });
}

/**
 * EPI-07 / EPI-08: deleted on the server, and kept in the local list marked `hid_at` (the
 * list is not read again, so the operator still sees what was removed this visit).
 */
export function useHideEpisode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/episodes/${id}`, { method: 'DELETE', schema: okResponseSchema }),
    onSuccess: (_ok, id) => {
      queryClient.setQueryData<Episode[]>(episodeKeys.list(), (list = []) =>
        list.map((episode) =>
          episode.id === id ? { ...episode, hid_at: new Date().toISOString() } : episode,
        ),
      );
      void queryClient.invalidateQueries({ queryKey: [...episodeKeys.all, 'attached'] });
    },
  });
}
