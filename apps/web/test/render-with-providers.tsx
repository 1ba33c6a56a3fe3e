import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, type RouteObject } from 'react-router';
import { AppRouterProvider } from '@/lib/app-router-provider';
import { QueryClientProvider } from '@tanstack/react-query';
import { LeaveGuardProvider } from '@/ui/leave-guard';
import { ToastProvider } from '@/ui/toast';
import { installFakeApi, type FakeHandler } from './fake-api';

/** For feature tests: the feature's own pages on their paths, without the app shell. */
export function renderWithProviders(
  routes: RouteObject[],
  initialPath: string,
  api: Record<string, FakeHandler> = {},
) {
  const fake = installFakeApi(api);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  // As in the app (router.tsx): one leave guard above every page, so forms ask before leaving.
  const root: RouteObject = {
    element: (
      <LeaveGuardProvider>
        <Outlet />
      </LeaveGuardProvider>
    ),
    children: routes,
  };
  const router = createMemoryRouter([root], { initialEntries: [initialPath] });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AppRouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { ...view, ...fake, router, user, queryClient };
}
