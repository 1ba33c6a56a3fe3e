/** The path of a friend's event page: `/e/{publicKey}`. */
export const EVENT_PAGE_PREFIX = '/e/';

/** The event's public key from `/e/{publicKey}` ('' when the path has none). */
export function eventKeyOfPath(pathname: string): string {
  if (!pathname.startsWith(EVENT_PAGE_PREFIX)) return '';
  const rest = pathname.slice(EVENT_PAGE_PREFIX.length).split('/')[0] ?? '';
  try {
    return decodeURIComponent(rest);
  } catch {
    return '';
  }
}
