import { roleSchema, type RoleInput } from '@tsunagu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { roleKeys } from './query-keys';

export function updateRole({ id, input }: { id: number; input: RoleInput }) {
  return apiRequest(`/api/operator_roles/${id}`, {
    method: 'PUT',
    body: input,
    schema: roleSchema,
  });
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: (role) => {
      queryClient.setQueryData(roleKeys.detail(role.id), role);
      return queryClient.invalidateQueries({ queryKey: roleKeys.list() });
    },
  });
}
