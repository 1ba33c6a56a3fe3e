import {
  actionSetListSchema,
  actionSetSchema,
  episodeSchema,
  isEpisodeType,
  okResponseSchema,
  type ActionSetInput,
  followSettingsSchema,
  journeySchema,
  tagListSchema,
  templateListSchema,
  templateSchema,
  varChoiceSchema,
  variaSchema,
  type FollowSettingsInput,
  type VarType,
} from '@tsunagu/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

const keys = {
  settings: ['follow_settings'] as const,
  choices: ['follow_settings', 'choices'] as const,
  template: (id: number) => ['follow_settings', 'template', id] as const,
  actionSets: ['action_sets'] as const,
};

/** ROUTE-04: the greeting, the unblock rule and the actions on follow. */
export const useFollowSettings = () =>
  useQuery({
    queryKey: keys.settings,
    queryFn: () => apiRequest('/api/line/follow_settings', { schema: followSettingsSchema }),
  });

export function useSaveFollowSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: FollowSettingsInput) =>
      apiRequest('/api/line/follow_settings', {
        method: 'PUT',
        body: input,
        schema: followSettingsSchema,
      }),
    onSuccess: (saved) => client.setQueryData(keys.settings, saved),
  });
}

/** The greeting's messages, for the preview. */
export const useGreetingTemplate = (id: number | null) =>
  useQuery({
    queryKey: keys.template(id ?? 0),
    queryFn: () => apiRequest(`/api/templates/${id}`, { schema: templateSchema }),
    enabled: id !== null,
  });

export type Choice = { id: number; name: string };
/** A friend-information item an action may set (multi-choice items are not offered yet). */
export type VarChoiceItem = Choice & { type: Exclude<VarType, 'multi_choice'> };
export type ActionChoices = {
  templates: Choice[];
  tags: Choice[];
  journeys: Choice[];
  /** Episodes an action may start (type 10; follows run from follows, decision 0383). */
  episodes: Choice[];
  varia: VarChoiceItem[];
};

const isSettable = (item: { type: VarType }): item is { type: VarChoiceItem['type'] } =>
  item.type !== 'multi_choice';

/** What an action can point at, by name (each list is small). */
export const useActionChoices = () =>
  useQuery({
    queryKey: keys.choices,
    queryFn: async (): Promise<ActionChoices> => {
      const [templates, tags, journeys, episodes, varia] = await Promise.all([
        apiRequest('/api/templates', { schema: templateListSchema }),
        apiRequest('/api/line/tags', { schema: tagListSchema }),
        apiRequest('/api/journeys', { schema: z.array(journeySchema) }),
        // Episodes are offered when they can be read; the other actions work without them.
        apiRequest('/api/episodes', { schema: z.array(episodeSchema) }).catch(() => []),
        // Friend information is offered when it can be read; the other actions work without it.
        apiRequest('/api/v_resource/varia', { schema: variaSchema }).catch(() => null),
      ]);
      const named = (items: { id: number; name: string }[]) =>
        items.map(({ id, name }) => ({ id, name }));
      return {
        templates: named(templates.items),
        tags: named(tags.tags),
        journeys: journeys.map(({ id, name, is_active }) => ({
          id,
          name: is_active ? name : `${name}（停止中）`,
        })),
        episodes: named(episodes.filter((episode) => isEpisodeType(episode.type))),
        varia: (varia?.items ?? []).flatMap((item) =>
          isSettable(item) ? [{ id: item.id, name: item.name, type: item.type }] : [],
        ),
      };
    },
  });

/** The choices of a choice-type friend-information item (the value a set action writes). */
export const useVarChoices = (varId: number | null) =>
  useQuery({
    queryKey: ['follow_settings', 'var_choices', varId] as const,
    queryFn: () => apiRequest(`/api/var/choice/${varId}`, { schema: z.array(varChoiceSchema) }),
    enabled: varId !== null,
  });

/** The account's action sets with their signed postback data (the template editor picks one). */
export const useActionSets = (enabled = true) =>
  useQuery({
    queryKey: keys.actionSets,
    queryFn: () => apiRequest('/api/line/action_sets', { schema: actionSetListSchema }),
    enabled,
  });

/** Creates (id null) or updates an action set, then the list again. */
export function useSaveActionSet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: ActionSetInput }) =>
      apiRequest(id === null ? '/api/line/action_sets' : `/api/line/action_sets/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body: input,
        schema: actionSetSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.actionSets }),
  });
}

export function useDeleteActionSet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/line/action_sets/${id}`, { method: 'DELETE', schema: okResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.actionSets }),
  });
}
