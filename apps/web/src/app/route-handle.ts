import type { PermissionKey } from '@tsunagu/contracts';
import type { ComponentType } from 'react';

export type RouteLayout = 'main' | 'simple' | 'simple-main';

/** A query parameter a screen reads (spec §2 "query group", "query tab, default 'basic'"). */
export type QueryParam = { name: string; optional?: boolean; default?: string };

/** Route meta, kept on each route object's `handle` so guards and titles read one source. */
export type RouteHandle = {
  name: string;
  title: string;
  /** APP-03: every key must be held; an empty list means no check (APP-04). */
  permissions: readonly PermissionKey[];
  layout: RouteLayout;
  /** Params that must be digits only; anything else is not found (or `invalidParamRedirect`). */
  numericParams?: readonly string[];
  invalidParamRedirect?: string;
  query?: readonly QueryParam[];
  /** ROUTE-01: the visual editor sits on a gray background with small padding. */
  surface?: 'gray';
  /** Only the login page opens without a signed-in operator. */
  public?: boolean;
  /**
   * Tools for designers and testers: open in development builds, otherwise to owners only.
   * Only development builds list them in the menu (developers reach them by URL; ADR 0061).
   */
  ownerOrDev?: boolean;
  /**
   * Only the owner role can use the screen (every write on it needs the owner). The route still
   * opens for others, read-only, since the spec gives it no key (APP-04), but their menu hides it.
   */
  ownerOnly?: boolean;
  /**
   * The whole screen is the owner's: every call behind it, reads included, is owner-only on the
   * server (LINE連携). The menu hides it from others, and others opening its URL get the usual
   * no-permission treatment, as for a missing key (ADR 0080).
   */
  ownerScreen?: boolean;
  /**
   * A screen that only writes (a registration or upload form): the spec gives the route no key,
   * so it opens for everyone and shows a read-only note without these keys (DEC-09), but the
   * menu does not offer it to an operator who lacks them (issue 10: honest menus).
   */
  menuNeeds?: readonly PermissionKey[];
  /**
   * A page reached through another page's own navigation (a settings section through the
   * settings home, decision 0106), so the side menu lists that page instead of this one.
   */
  menuVia?: string;
};

export type PageProps = { title: string };

export type PageRoute = { path: string; handle: RouteHandle };

export type PageComponent = ComponentType<PageProps>;

export type RedirectRoute = { path: string; redirectTo: string };

export type AppRoute = PageRoute | RedirectRoute;

export function isRedirectRoute(route: AppRoute): route is RedirectRoute {
  return 'redirectTo' in route;
}
