import { normalizePhone, type CustomerAnswer } from '@tsunagu/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { memberPhones, members } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { phoneDigest } from '../../lib/phone-digest.js';

/**
 * Remembers the phone numbers a friend gave in their booking answers (decision 0170), only as
 * digests; a number given by another friend of the account before now points at this one.
 */
export async function rememberFriendPhones(
  db: Executor,
  accountId: number,
  memberId: number,
  answers: readonly CustomerAnswer[],
) {
  const digests = answers
    .filter((answer) => answer.field_type === 'tel')
    .map((answer) => normalizePhone(answer.value)?.e164)
    .filter((e164): e164 is string => e164 !== undefined)
    .map(phoneDigest);
  for (const telHash of new Set(digests))
    await db
      .insert(memberPhones)
      .values({ accountId, telHash, memberId })
      .onConflictDoUpdate({
        target: [memberPhones.accountId, memberPhones.telHash],
        set: { memberId, updatedAt: sql`now()` },
      });
}

/**
 * The friend of the account who gave this number (as people write it), if any; someone who
 * never followed the account (decision 0181) is no friend.
 */
export async function friendByPhone(db: Executor, accountId: number, raw: string) {
  const phone = normalizePhone(raw);
  if (!phone) return undefined;
  const [row] = await db
    .select({ memberId: memberPhones.memberId })
    .from(memberPhones)
    .innerJoin(members, eq(members.id, memberPhones.memberId))
    .where(
      and(
        eq(memberPhones.accountId, accountId),
        eq(memberPhones.telHash, phoneDigest(phone.e164)),
        ne(members.followState, 'not_friend'),
      ),
    );
  return row?.memberId;
}
