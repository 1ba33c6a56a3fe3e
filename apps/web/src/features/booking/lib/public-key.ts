import { BOOKING_PAGE_PREFIX } from '@/config/paths';

/** The salon's public key from `/r/{publicKey}` ('' when the path has none). */
export function publicKeyOfPath(pathname: string): string {
  if (!pathname.startsWith(BOOKING_PAGE_PREFIX)) return '';
  const rest = pathname.slice(BOOKING_PAGE_PREFIX.length).split('/')[0] ?? '';
  try {
    return decodeURIComponent(rest);
  } catch {
    return '';
  }
}
