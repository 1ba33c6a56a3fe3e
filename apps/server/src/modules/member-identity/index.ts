import { and, eq, gt } from 'drizzle-orm';
import { memberSessions } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { hashSessionToken } from '../auth/index.js';

/**
 * Who a member is on the customer pages (decisions 0115, 0172): the cookie the booking page sets
 * and the friend its session names. Kept apart from module member-booking so that other member
 * pages (a form's answer page) can know the friend without depending on booking.
 */

export { MEMBER_COOKIE, MEMBER_SESSION_MS, clearMemberCookie, setMemberCookie } from './cookie.js';
/** The booking page's API, where its member cookie is sent (decision 0115). */
export const MEMBER_COOKIE_PATH = '/api/booking';

/** The friend of the account signed in by this cookie's live session, or null. */
export async function memberOfSession(
  db: Executor,
  token: string | undefined,
  accountId: number,
  now = new Date(),
): Promise<number | null> {
  if (!token) return null;
  const [row] = await db
    .select({ memberId: memberSessions.memberId })
    .from(memberSessions)
    .where(
      and(
        eq(memberSessions.tokenHash, hashSessionToken(token)),
        eq(memberSessions.accountId, accountId),
        gt(memberSessions.expiresAt, now),
      ),
    );
  return row?.memberId ?? null;
}
