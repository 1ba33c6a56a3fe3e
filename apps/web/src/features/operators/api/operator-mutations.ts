import {
  createdIdSchema,
  operatorRowSchema,
  passwordResetResponseSchema,
  type OperatorInput,
} from '@tsunagu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { operatorKeys } from './query-keys';

/** Each write refreshes the list (and the roles' operator counts) once it is done. */
function useOperatorMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorKeys.all }),
  });
}

export function useCreateOperator() {
  return useOperatorMutation((input: OperatorInput) =>
    apiRequest('/api/operators', { method: 'POST', body: input, schema: createdIdSchema }),
  );
}

export function useChangeRole() {
  return useOperatorMutation(({ id, roleId }: { id: number; roleId: number }) =>
    apiRequest(`/api/operators/${id}/role`, {
      method: 'PUT',
      body: { role_id: roleId },
      schema: operatorRowSchema,
    }),
  );
}

export function useSetActive() {
  return useOperatorMutation(({ id, active }: { id: number; active: boolean }) =>
    apiRequest(`/api/operators/${id}/${active ? 'reactivate' : 'deactivate'}`, {
      method: 'POST',
      schema: operatorRowSchema,
    }),
  );
}

export function useResetPassword() {
  return useOperatorMutation((id: number) =>
    apiRequest(`/api/operators/${id}/password`, {
      method: 'POST',
      schema: passwordResetResponseSchema,
    }),
  );
}
