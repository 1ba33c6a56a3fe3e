import { Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { LeaveGuardProvider } from '@/ui/leave-guard';
import { Loading } from '@/ui/loading';
import { PlaceholderPage } from '@/ui/placeholder-page';
import { MainLayout } from './layouts/main-layout';
import { SimpleLayout } from './layouts/simple-layout';
import { SimpleMainLayout } from './layouts/simple-main-layout';
import { RequireSession } from './require-session';
import { isRedirectRoute, type AppRoute, type PageRoute, type RouteLayout } from './route-handle';
import { routePages } from './route-pages';
import { RouteGate } from './route-gate';
import { RouteErrorPage } from './routes/error-page';
import { routeTable } from './route-table';

function pageObject({ path, handle }: PageRoute): RouteObject {
  const Page = routePages[handle.name];
  return {
    path,
    handle,
    // A screen that fails to render leaves the header and menu in place (ADR 0063).
    errorElement: <RouteErrorPage inLayout />,
    element: (
      <RouteGate handle={handle}>
        {Page ? (
          // Feature screens load on demand (route-pages.ts).
          <Suspense fallback={<Loading />}>
            <Page title={handle.title} />
          </Suspense>
        ) : (
          <PlaceholderPage title={handle.title} />
        )}
      </RouteGate>
    ),
  };
}

function pagesIn(table: readonly AppRoute[], layout: RouteLayout): RouteObject[] {
  return table
    .filter(
      (entry): entry is PageRoute => !isRedirectRoute(entry) && entry.handle.layout === layout,
    )
    .map(pageObject);
}

/** Turns the flat route table into React Router objects grouped by layout. */
export function buildRoutes(table: readonly AppRoute[] = routeTable): RouteObject[] {
  const redirects = table.filter(isRedirectRoute).map(({ path, redirectTo }) => ({
    path,
    element: <Navigate to={redirectTo} replace />,
  }));
  return [
    {
      // One leave guard for every form (ADR 0062); one Japanese error page for whatever breaks.
      element: (
        <LeaveGuardProvider>
          <Outlet />
        </LeaveGuardProvider>
      ),
      errorElement: <RouteErrorPage />,
      children: [
        { element: <SimpleLayout />, children: pagesIn(table, 'simple') },
        ...redirects,
        {
          element: <RequireSession />,
          children: [
            { element: <MainLayout />, children: pagesIn(table, 'main') },
            { element: <SimpleMainLayout />, children: pagesIn(table, 'simple-main') },
          ],
        },
      ],
    },
  ];
}

/** APP-01: browser history, so URLs are plain paths with no # segment. */
export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
