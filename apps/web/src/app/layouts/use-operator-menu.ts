import { useMemo } from 'react';
import { visibleMenuSections, type MenuSection } from '../menu-sections';
import { routePages } from '../route-pages';
import { useSignedInSession } from '../session';

/** "Built" has one source: route-pages.ts maps the route name to a screen (ADR 0061). */
export function hasScreen(name: string): boolean {
  return Object.hasOwn(routePages, name);
}

/** The menu of the signed-in operator: what they may use, and which of it is built. */
export function useOperatorMenu(): MenuSection[] {
  const session = useSignedInSession();
  return useMemo(
    () =>
      visibleMenuSections({
        heldKeys: session.permission_keys,
        isOwner: session.operator.role.is_owner,
        devBuild: import.meta.env.DEV,
        isBuilt: hasScreen,
      }),
    [session],
  );
}
