import { eq, inArray, sql } from 'drizzle-orm';
import { loginThrottles } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

/**
 * Sign-in throttling (docs/decisions/0003-sign-in-throttling.md, 0050-sign-in-attempt-reservation.md).
 * Attempts are counted per login id and per client address inside a 15-minute window. An
 * attempt is counted (reserved) *before* its password is checked, in one atomic upsert, so a
 * burst of parallel guesses cannot all pass the check before the first failure is written.
 * Once a key has `threshold` attempts it is blocked for a while that doubles with each further
 * attempt, capped at 15 minutes — long enough to make guessing useless, never a permanent
 * lock-out of the real operator.
 */
export const THROTTLE_POLICY = {
  windowMs: 15 * 60_000,
  maxBlockMs: 15 * 60_000,
  baseBlockMs: 60_000,
  loginIdThreshold: 5,
  addressThreshold: 30,
} as const;

/**
 * The doubling stops at this exponent: base × 2^MAX_DOUBLINGS already passes the cap, and
 * clamping the exponent first keeps every number small however many attempts are counted.
 */
const MAX_DOUBLINGS = Math.ceil(
  Math.log2(THROTTLE_POLICY.maxBlockMs / THROTTLE_POLICY.baseBlockMs),
);

/** Counts stop growing here (the column is a 32-bit integer). */
const MAX_COUNT = 1_000_000;

export function throttleKeys(loginId: string, address: string) {
  return { loginIdKey: `login:${loginId.toLowerCase()}`, addressKey: `addr:${address}` };
}

/** The block length after `attempts` attempts, as SQL: capped before any arithmetic. */
function blockMs(attempts: ReturnType<typeof sql>, threshold: number) {
  return sql`least(
    ${THROTTLE_POLICY.maxBlockMs}::bigint,
    ${THROTTLE_POLICY.baseBlockMs}::bigint
      * power(2, least(greatest((${attempts}) - ${threshold}, 0), ${MAX_DOUBLINGS}))::bigint
  )`;
}

/**
 * Reserves one attempt on `key` before the password is checked. One upsert: the row lock
 * orders concurrent attempts, and the `where` of the update refuses to count an attempt while
 * the key is blocked — then no row comes back. The attempt that reaches `threshold` still goes
 * on (it is the threshold-th guess) and sets the block for every attempt after it.
 *
 * @returns true when the attempt may check the password, false when the key is blocked.
 */
export async function reserveAttempt(
  db: Executor,
  key: string,
  threshold: number,
  now: Date,
): Promise<boolean> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const windowStart = sql`${new Date(now.getTime() - THROTTLE_POLICY.windowMs).toISOString()}::timestamptz`;
  const expired = sql`${loginThrottles.windowStartedAt} < ${windowStart}`;
  const attempts = sql`case when ${expired} then 1 else least(${loginThrottles.failures}, ${MAX_COUNT}) + 1 end`;
  const blockedUntil = (count: ReturnType<typeof sql>) =>
    sql`case when (${count}) >= ${threshold}
      then ${at} + ${blockMs(count, threshold)} * interval '1 millisecond'
      else null end`;
  const rows = await db
    .insert(loginThrottles)
    .values({
      key,
      failures: 1,
      windowStartedAt: now,
      blockedUntil: blockedUntil(sql`1`),
    })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: {
        failures: attempts,
        windowStartedAt: sql`case when ${expired} then ${at} else ${loginThrottles.windowStartedAt} end`,
        blockedUntil: blockedUntil(attempts),
      },
      setWhere: sql`${loginThrottles.blockedUntil} is null or ${loginThrottles.blockedUntil} <= ${at}`,
    })
    .returning({ key: loginThrottles.key });
  return rows.length > 0;
}

/**
 * Gives back a reservation that turned out not to be a failed guess (the right password, or an
 * attempt refused by the other key): the count goes down by one, and a block that only this
 * reservation had set is lifted.
 */
export async function releaseAttempt(db: Executor, key: string, threshold: number): Promise<void> {
  await db
    .update(loginThrottles)
    .set({
      failures: sql`greatest(${loginThrottles.failures} - 1, 0)`,
      blockedUntil: sql`case when ${loginThrottles.failures} - 1 < ${threshold} then null else ${loginThrottles.blockedUntil} end`,
    })
    .where(eq(loginThrottles.key, key));
}

/** Milliseconds until the longest block among `keys` ends, or 0 when none is blocked. */
export async function blockedForMs(db: Executor, keys: string[], now: Date): Promise<number> {
  const rows = await db
    .select({ blockedUntil: loginThrottles.blockedUntil })
    .from(loginThrottles)
    .where(inArray(loginThrottles.key, keys));
  const until = Math.max(0, ...rows.map((row) => row.blockedUntil?.getTime() ?? 0));
  return Math.max(0, until - now.getTime());
}

/** A successful sign-in forgets the login id's attempts. */
export async function clearAttempts(db: Executor, key: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
}
