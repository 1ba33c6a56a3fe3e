import { createHash, randomBytes } from 'node:crypto';

export const SESSION_COOKIE = 'tsunagu_session';

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Sessions are stored under the token's hash; the token itself only lives in the cookie. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
