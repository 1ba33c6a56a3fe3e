import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { authKeys } from '@/features/auth';
import { setUnauthenticatedHandler } from '@/lib/api-client';
import { ToastProvider } from '@/ui/toast';

/**
 * A 401 in the middle of work means the session ended: forget the operator, and
 * <RequireSession> sends them to the login page with the way back remembered.
 */
export function connectSessionExpiry(queryClient: QueryClient): void {
  setUnauthenticatedHandler(() => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.me[0] });
    queryClient.setQueryData(authKeys.me, null);
  });
}

export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
