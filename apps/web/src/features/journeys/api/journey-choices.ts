import {
  memberQuerySchema,
  salonListSchema,
  tagListSchema,
  templateListSchema,
} from '@tsunagu/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { journeyKeys } from './journeys-api';

export type Choice = { id: number; name: string };
export type JourneyChoices = {
  templates: Choice[];
  tags: Choice[];
  segments: Choice[];
  salons: Choice[];
};

const named = (items: { id: number; name: string }[]) =>
  items.map(({ id, name }) => ({ id, name }));

/** What a journey's entry and steps can name: templates, friend tags, segments, salons. */
export function useJourneyChoices() {
  return useQuery({
    queryKey: [...journeyKeys.all, 'choices'],
    queryFn: async (): Promise<JourneyChoices> => {
      const [templates, tags, segments, salons] = await Promise.all([
        apiRequest('/api/templates', { schema: templateListSchema }),
        apiRequest('/api/line/tags', { schema: tagListSchema }),
        apiRequest('/api/journey/member_queries', { schema: z.array(memberQuerySchema) }),
        apiRequest('/api/salons', { schema: salonListSchema }),
      ]);
      return {
        templates: named(templates.items),
        tags: named(tags.tags),
        segments: named(segments),
        salons: named(salons),
      };
    },
  });
}
