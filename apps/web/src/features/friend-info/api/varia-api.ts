import {
  createdIdSchema,
  okResponseSchema,
  varChoiceSchema,
  variaSchema,
  varItemSchema,
  type VarChoicesInput,
  type VarItemCreate,
  type VarItemUpdate,
} from '@tsunagu/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { takePreloaded } from '@/lib/page-preload';

/**
 * The friend information definitions. The key is shared with the friends feature (its detail
 * page reads the same list), so one cached answer serves both and a write here refreshes it.
 */
export const variaKeys = {
  all: ['varia'] as const,
  choices: (varId: number) => ['varia', 'choices', varId] as const,
};

/** REF-06/REF-08: the page's preloaded copy when there is one, else GET /api/v_resource/varia. */
export function useVaria() {
  return useQuery({
    queryKey: variaKeys.all,
    queryFn: () => apiRequest('/api/v_resource/varia', { schema: variaSchema }),
    initialData: () => takePreloaded('varia', variaSchema),
    // The preloaded copy is as old as the page: not asked for again within a minute of the
    // page load, refreshed in the background after that (REF-08, decision 0144).
    initialDataUpdatedAt: () => performance.timeOrigin,
    staleTime: 60_000,
  });
}

/** REF-05: one choice field's choices, cached under the field's id. */
export function useChoices(varId: number | null) {
  return useQuery({
    queryKey: variaKeys.choices(varId ?? 0),
    queryFn: () => apiRequest(`/api/var/choice/${varId}`, { schema: z.array(varChoiceSchema) }),
    enabled: varId !== null,
  });
}

function useVariaWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: variaKeys.all }),
  });
}

export const useCreateItem = () =>
  useVariaWrite((input: VarItemCreate) =>
    apiRequest('/api/var/items', { method: 'POST', body: input, schema: createdIdSchema }),
  );

export const useUpdateItem = () =>
  useVariaWrite(({ id, input }: { id: number; input: VarItemUpdate }) =>
    apiRequest(`/api/var/items/${id}`, { method: 'PUT', body: input, schema: varItemSchema }),
  );

export const useToggleFavorite = () =>
  useVariaWrite(({ id, favorite }: { id: number; favorite: boolean }) =>
    apiRequest(`/api/var/items/${id}/favorite`, {
      method: 'PATCH',
      body: { favorite },
      schema: okResponseSchema,
    }),
  );

export const useDeleteItem = () =>
  useVariaWrite((id: number) =>
    apiRequest(`/api/var/items/${id}`, { method: 'DELETE', schema: okResponseSchema }),
  );

export const useSortItems = () =>
  useVariaWrite((input: { group_id: number | null; ids: number[] }) =>
    apiRequest('/api/var/items/sort', { method: 'POST', body: input, schema: okResponseSchema }),
  );

export const useReplaceChoices = () =>
  useVariaWrite(({ varId, input }: { varId: number; input: VarChoicesInput }) =>
    apiRequest(`/api/var/choice/${varId}`, {
      method: 'PUT',
      body: input,
      schema: z.array(varChoiceSchema),
    }),
  );

export const useSortGroups = () =>
  useVariaWrite((input: { ids: number[] }) =>
    apiRequest('/api/var/groups/sort', { method: 'POST', body: input, schema: okResponseSchema }),
  );

export const useCreateGroup = () =>
  useVariaWrite((name: string) =>
    apiRequest('/api/var/groups', { method: 'POST', body: { name }, schema: createdIdSchema }),
  );

export const useRenameGroup = () =>
  useVariaWrite(({ id, name }: { id: number; name: string }) =>
    apiRequest(`/api/var/groups/${id}`, {
      method: 'PUT',
      body: { name },
      schema: okResponseSchema,
    }),
  );

export const useDeleteGroup = () =>
  useVariaWrite((id: number) =>
    apiRequest(`/api/var/groups/${id}`, { method: 'DELETE', schema: okResponseSchema }),
  );
