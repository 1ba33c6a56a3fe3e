import { okResponseSchema } from '@tsunagu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { authKeys } from './query-keys';

export function logout() {
  return apiRequest('/api/auth/logout', {
    method: 'POST',
    schema: okResponseSchema,
    onUnauthenticated: 'report',
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // Even if the session had already expired, the operator is signed out from here on.
    onSettled: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.me[0] });
      queryClient.setQueryData(authKeys.me, null);
    },
  });
}
