import type { FastifyReply } from 'fastify';

/** The member's cookie: its own name, sent only to the API of the page that set it (decision 0115). */
export const MEMBER_COOKIE = 'tsunagu_member';
/** A member session lasts this long from sign-in, never extended (decision 0115). */
export const MEMBER_SESSION_MS = 2 * 3_600_000;

/** The cookie's attributes; `path` is the page's API, the only place the cookie is sent. */
const cookieOptions = (path: string) =>
  ({ path, httpOnly: true, sameSite: 'lax', secure: 'auto' }) as const;

/** Sets the member cookie of a new session for the page's API at `path`. */
export function setMemberCookie(reply: FastifyReply, path: string, token: string): void {
  reply.setCookie(MEMBER_COOKIE, token, {
    ...cookieOptions(path),
    maxAge: Math.floor(MEMBER_SESSION_MS / 1000),
  });
}

/** Clears the member cookie of the page's API at `path` (sign-out). */
export function clearMemberCookie(reply: FastifyReply, path: string): void {
  reply.clearCookie(MEMBER_COOKIE, cookieOptions(path));
}
