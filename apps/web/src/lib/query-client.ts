import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

/**
 * Retry only what a retry can fix: a dropped connection or a server hiccup.
 * A 4xx answer will be the same next time, so it is shown at once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          failureCount < 2 && isApiError(error) && ['network', 'server'].includes(error.kind),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
