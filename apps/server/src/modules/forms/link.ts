import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A friend's answer link (decision 0151): `/f/{publicKey}?m={memberId}.{signature}`, the
 * signature an HMAC of the friend's id with the form's own secret (never shown). Anyone with the
 * link answers as that friend — it is sent to them in LINE, as LINE's own links are.
 */
export const newPublicKey = () => randomBytes(12).toString('base64url');
export const newAnswerSecret = () => randomBytes(32).toString('base64url');

const signatureOf = (secret: string, memberId: number) =>
  createHmac('sha256', secret).update(`member:${memberId}`).digest('base64url').slice(0, 22);

export function memberToken(secret: string, memberId: number): string {
  return `${memberId}.${signatureOf(secret, memberId)}`;
}

/** The friend a token names, when its signature is the form's; else null. */
export function memberOfToken(secret: string, token: string): number | null {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const memberId = Number(match[1]);
  const expected = Buffer.from(signatureOf(secret, memberId));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? memberId : null;
}

/** The answer page's path for a friend. */
export const formPath = (publicKey: string, token: string) => `/f/${publicKey}?m=${token}`;
