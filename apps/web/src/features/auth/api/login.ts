import { loginResponseSchema, type LoginRequest } from '@tsunagu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { meQueryOptions } from './get-me';

export function login(input: LoginRequest) {
  // A wrong password is a 401 too: report it on the form, do not "return to login".
  return apiRequest('/api/auth/login', {
    method: 'POST',
    body: input,
    schema: loginResponseSchema,
    onUnauthenticated: 'report',
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // The account, brand and permission keys come from /me, so load it before moving on.
    onSuccess: () => queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 }),
  });
}
