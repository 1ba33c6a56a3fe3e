import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MeResponse } from '@tsunagu/contracts';
import { createMemoryRouter } from 'react-router';
import { AppRouterProvider } from '@/lib/app-router-provider';
import { AppProviders, connectSessionExpiry } from '@/app/providers';
import { buildRoutes } from '@/app/router';
import { installFakeApi, reply, type FakeHandler } from './fake-api';

type RenderAppOptions = {
  /** null = not signed in (GET /api/auth/me answers 401). */
  session?: MeResponse | null;
  api?: Record<string, FakeHandler>;
};

/** Renders the real route table in memory, against a fake HTTP boundary. */
export function renderApp(path: string, { session = null, api = {} }: RenderAppOptions = {}) {
  const fake = installFakeApi({
    'GET /api/auth/me': () =>
      session ? reply(200, session) : reply(401, { message: 'ログインしてください' }),
    ...api,
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  connectSessionExpiry(queryClient);
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <AppRouterProvider router={router} />
    </AppProviders>,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, ...fake, router, user, queryClient, location };
}
