import { MEMBER_BOOKING_MESSAGES, MEMBER_PENDING_LIMIT } from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import { ConflictError, TooManyRequestsError } from '../../lib/errors.js';
import { blockedForMs, reserveAttempt } from '../auth/index.js';
import { tokyoNow } from '../salon-availability/index.js';
import * as own from './member-reservations.js';
import type { MemberContext } from './sessions.js';

/** Booking writes per member in the sign-in throttle's 15-minute window (decision 0115). */
export const MEMBER_WRITE_THRESHOLD = 30;
/** Booking writes per client address in the same window, whoever signed in (decision 0134). */
export const ADDRESS_WRITE_THRESHOLD = 60;

/** Per address, then per member: the sign-in throttle's atomic counter under their own keys. */
export async function countWrite(db: Database, member: MemberContext, now: Date) {
  if (member.address) {
    const byAddress = `member-address:${member.address}`;
    if (!(await reserveAttempt(db, byAddress, ADDRESS_WRITE_THRESHOLD, now))) {
      const waitMs = await blockedForMs(db, [byAddress], now);
      throw new TooManyRequestsError(
        MEMBER_BOOKING_MESSAGES.addressRateLimited,
        Math.ceil(waitMs / 1000),
      );
    }
  }
  const key = `member:${member.memberId}`;
  if (await reserveAttempt(db, key, MEMBER_WRITE_THRESHOLD, now)) return;
  const waitMs = await blockedForMs(db, [key], now);
  throw new TooManyRequestsError(MEMBER_BOOKING_MESSAGES.rateLimited, Math.ceil(waitMs / 1000));
}

/** A member holds at most MEMBER_PENDING_LIMIT requests at once (issue 12, abuse). */
export async function assertBelowPendingLimit(
  db: Database,
  salonId: number,
  member: MemberContext,
  now: Date,
) {
  const pending = await own.pendingCount(db, salonId, member.memberId, tokyoNow(now).date);
  if (pending >= MEMBER_PENDING_LIMIT)
    throw new ConflictError(MEMBER_BOOKING_MESSAGES.pendingLimit);
}
