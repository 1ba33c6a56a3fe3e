import { useMatches } from 'react-router';
import type { RouteHandle } from './route-handle';

/** The meta of the deepest matched page route (layouts read its surface). */
export function useCurrentHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as RouteHandle | undefined;
    if (handle?.name) return handle;
  }
  return undefined;
}
