import {
  commonVarItemSchema,
  commonVarsSchema,
  createdIdSchema,
  okResponseSchema,
  type CommonVarInput,
} from '@tsunagu/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { reloadReference } from '@/lib/reference-store';

export const commonVarKeys = {
  all: ['common-vars'] as const,
  list: () => [...commonVarKeys.all, 'list'] as const,
  detail: (id: number) => [...commonVarKeys.all, 'detail', id] as const,
};

/** REF-09: the folders and items, as the message editors' store reads them too. */
export function useCommonVars() {
  return useQuery({
    queryKey: commonVarKeys.list(),
    queryFn: () => apiRequest('/api/v_resource/common_vars', { schema: commonVarsSchema }),
  });
}

export function useCommonVar(id: number | null) {
  return useQuery({
    queryKey: commonVarKeys.detail(id ?? 0),
    queryFn: () => apiRequest(`/api/common_vars/${id}`, { schema: commonVarItemSchema }),
    enabled: id !== null,
  });
}

/**
 * A write, then this feature's reads again, and the reference store's common information
 * (the 差し込み menus) reloaded if it was loaded (REF-21).
 */
function useCommonVarWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      reloadReference(queryClient, 'commonVars');
      await queryClient.invalidateQueries({ queryKey: commonVarKeys.all });
    },
  });
}

export const useCreateCommonVar = () =>
  useCommonVarWrite((input: CommonVarInput) =>
    apiRequest('/api/common_vars', { method: 'POST', body: input, schema: createdIdSchema }),
  );

export const useUpdateCommonVar = () =>
  useCommonVarWrite(({ id, input }: { id: number; input: CommonVarInput }) =>
    apiRequest(`/api/common_vars/${id}`, {
      method: 'PUT',
      body: input,
      schema: commonVarItemSchema,
    }),
  );

export const useDeleteCommonVar = () =>
  useCommonVarWrite((id: number) =>
    apiRequest(`/api/common_vars/${id}`, { method: 'DELETE', schema: okResponseSchema }),
  );

export const useToggleCommonVarFavorite = () =>
  useCommonVarWrite(({ id, favorite }: { id: number; favorite: boolean }) =>
    apiRequest(`/api/common_vars/${id}/favorite`, {
      method: 'PATCH',
      body: { favorite },
      schema: okResponseSchema,
    }),
  );

export const useCreateCommonVarGroup = () =>
  useCommonVarWrite((name: string) =>
    apiRequest('/api/common_var_groups', {
      method: 'POST',
      body: { name },
      schema: createdIdSchema,
    }),
  );

export const useRenameCommonVarGroup = () =>
  useCommonVarWrite(({ id, name }: { id: number; name: string }) =>
    apiRequest(`/api/common_var_groups/${id}`, {
      method: 'PUT',
      body: { name },
      schema: okResponseSchema,
    }),
  );

export const useDeleteCommonVarGroup = () =>
  useCommonVarWrite((id: number) =>
    apiRequest(`/api/common_var_groups/${id}`, { method: 'DELETE', schema: okResponseSchema }),
  );
