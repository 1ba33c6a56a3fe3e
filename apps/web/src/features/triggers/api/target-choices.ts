import {
  journeySchema,
  memberQuerySchema,
  tagListSchema,
  templateListSchema,
  type TriggerActionType,
} from '@tsunagu/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { triggerKeys } from './triggers-api';

export type Choice = { id: number; name: string };
export type TargetChoices = Record<TriggerActionType, Choice[]> & { segments: Choice[] };

/**
 * What an action can point at, by name: the account's journeys, templates, tags and segments,
 * read together (each list is small) for the action form and for naming targets in the list.
 */
export function useTargetChoices() {
  return useQuery({
    queryKey: [...triggerKeys.all, 'choices'],
    queryFn: async (): Promise<TargetChoices> => {
      const [journeys, templates, tags, segments] = await Promise.all([
        apiRequest('/api/journeys', { schema: z.array(journeySchema) }),
        apiRequest('/api/templates', { schema: templateListSchema }),
        apiRequest('/api/line/tags', { schema: tagListSchema }),
        apiRequest('/api/journey/member_queries', { schema: z.array(memberQuerySchema) }),
      ]);
      const named = (items: { id: number; name: string }[]) =>
        items.map(({ id, name }) => ({ id, name }));
      return {
        // A switched-off journey starts nobody: said where the operator picks it.
        journey: journeys.map(({ id, name, is_active }) => ({
          id,
          name: is_active ? name : `${name}（停止中）`,
        })),
        template: named(templates.items),
        add_tag: named(tags.tags),
        remove_tag: named(tags.tags),
        segments: named(segments),
      };
    },
  });
}
