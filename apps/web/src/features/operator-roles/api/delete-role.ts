import { okResponseSchema } from '@tsunagu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { roleKeys } from './query-keys';

export function deleteRole(id: number) {
  return apiRequest(`/api/operator_roles/${id}`, { method: 'DELETE', schema: okResponseSchema });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: roleKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: roleKeys.list() });
    },
  });
}
