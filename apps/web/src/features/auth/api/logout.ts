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

/**
 * `leave` moves to the login page first; only then is the session forgotten, so the guard
 * does not mistake a deliberate sign-out for an expired session ("come back here later").
 */
export function useLogout(leave: () => void | Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // Even if the session had already expired on the server, the operator is signed out here.
    onSettled: async () => {
      await leave();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.me[0] });
      queryClient.setQueryData(authKeys.me, null);
    },
  });
}
