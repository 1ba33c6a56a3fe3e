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

/** `?offer={waitlistId}` of the LINE message that offers a seat (decision 0310); null otherwise. */
export function offerIdOfSearch(search: string): number | null {
  const value = new URLSearchParams(search).get('offer') ?? '';
  return /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}
