import {
  createdIdSchema,
  funnelChoicesSchema,
  funnelMembersSchema,
  funnelResultSchema,
  funnelSchema,
  okResponseSchema,
  type FunnelDefinition,
  type FunnelInput,
} from '@tsunagu/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export const funnelsBase = '/api/line/funnels';

/** Every cache entry of this feature (issue 30). */
export const funnelKeys = {
  all: ['funnels'] as const,
  list: () => [...funnelKeys.all, 'list'] as const,
  choices: () => [...funnelKeys.all, 'choices'] as const,
  members: (id: number, step: number, reached: boolean) =>
    [...funnelKeys.all, 'members', id, step, reached] as const,
};

export const useFunnelList = () =>
  useQuery({
    queryKey: funnelKeys.list(),
    queryFn: () => apiRequest(funnelsBase, { schema: z.array(funnelSchema) }),
  });

/** The account's tags, forms, courses and events a step can name. */
export const useFunnelChoices = () =>
  useQuery({
    queryKey: funnelKeys.choices(),
    queryFn: () => apiRequest(`${funnelsBase}/choices`, { schema: funnelChoicesSchema }),
  });

/** Counts a definition as it stands in the editor (saved or not). */
export const usePreviewFunnel = () =>
  useMutation({
    mutationFn: (definition: FunnelDefinition) =>
      apiRequest(`${funnelsBase}/preview`, {
        method: 'POST',
        body: definition,
        schema: funnelResultSchema,
      }),
  });

/** The first page of the friends behind one count. */
export const useFunnelMembers = (id: number | null, step: number, reached: boolean) =>
  useQuery({
    queryKey: funnelKeys.members(id ?? 0, step, reached),
    queryFn: () =>
      apiRequest(`${funnelsBase}/${id}/members?step=${step}&reached=${reached}`, {
        schema: funnelMembersSchema,
      }),
    enabled: id !== null,
  });

function useFunnelWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: funnelKeys.all }),
  });
}

export const useSaveFunnel = () =>
  useFunnelWrite(async ({ id, input }: { id: number | null; input: FunnelInput }) =>
    id === null
      ? (await apiRequest(funnelsBase, { method: 'POST', body: input, schema: createdIdSchema })).id
      : (
          await apiRequest(`${funnelsBase}/${id}`, {
            method: 'PUT',
            body: input,
            schema: funnelSchema,
          })
        ).id,
  );

export const useDeleteFunnel = () =>
  useFunnelWrite((id: number) =>
    apiRequest(`${funnelsBase}/${id}`, { method: 'DELETE', schema: okResponseSchema }),
  );
