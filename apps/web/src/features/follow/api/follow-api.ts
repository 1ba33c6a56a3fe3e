import {
  actionSetListSchema,
  actionSetSchema,
  okResponseSchema,
  type ActionSetInput,
  followSettingsSchema,
  journeySchema,
  tagListSchema,
  templateListSchema,
  templateSchema,
  type FollowSettingsInput,
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
export type ActionChoices = { templates: Choice[]; tags: Choice[]; journeys: Choice[] };

/** What an action can point at, by name (each list is small). */
export const useActionChoices = () =>
  useQuery({
    queryKey: keys.choices,
    queryFn: async (): Promise<ActionChoices> => {
      const [templates, tags, journeys] = await Promise.all([
        apiRequest('/api/templates', { schema: templateListSchema }),
        apiRequest('/api/line/tags', { schema: tagListSchema }),
        apiRequest('/api/journeys', { schema: z.array(journeySchema) }),
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
      };
    },
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
