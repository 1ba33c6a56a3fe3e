import { meResponseSchema, type MeResponse } from '@tsunagu/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { authKeys } from './query-keys';

/** null means "not signed in": the probe answers the question instead of redirecting. */
export async function getMe(): Promise<MeResponse | null> {
  try {
    return await apiRequest('/api/auth/me', {
      schema: meResponseSchema,
      onUnauthenticated: 'report',
    });
  } catch (error) {
    if (isApiError(error) && error.kind === 'unauthenticated') return null;
    throw error;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: authKeys.me,
  queryFn: getMe,
  // The session changes only through login/logout, which update this entry themselves.
  staleTime: Infinity,
});

export function useSession() {
  return useQuery(meQueryOptions);
}
