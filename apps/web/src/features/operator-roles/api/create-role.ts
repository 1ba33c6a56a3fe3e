import { createdIdSchema, type RoleInput } from '@tsunagu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { roleKeys } from './query-keys';

export function createRole(input: RoleInput) {
  return apiRequest('/api/operator_roles', {
    method: 'POST',
    body: input,
    schema: createdIdSchema,
  });
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.list() }),
  });
}
