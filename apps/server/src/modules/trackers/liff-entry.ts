/**
 * A tracker's LIFF entry (decision 0475): `/t/{code}` sends the person to the account's LIFF
 * app with the sealed click reference as `c` (LIFF carries it through `liff.state` to the
 * endpoint URL, which must be `{PUBLIC_ORIGIN}/t/liff`).
 */
export const LIFF_BASE = 'https://liff.line.me';

export function liffUrl(liffId: string, ref: string): string {
  const url = new URL(`${LIFF_BASE}/${encodeURIComponent(liffId)}`);
  url.searchParams.set('c', ref);
  return url.toString();
}

/** A LIFF id is `{LINE Login channel id}-{app}`: its ID tokens are that channel's. */
export const liffChannelId = (liffId: string): string | null =>
  /^(\d{10})-[A-Za-z0-9]+$/.exec(liffId)?.[1] ?? null;

/** The click reference of the endpoint page's URL: `c`, or inside LIFF's `liff.state`. */
export function refOfPage(query: { c?: string; 'liff.state'?: string }): string | undefined {
  if (query.c) return query.c;
  const state = query['liff.state'];
  if (!state) return undefined;
  try {
    return new URL(state, 'https://liff.invalid').searchParams.get('c') ?? undefined;
  } catch {
    return undefined;
  }
}
