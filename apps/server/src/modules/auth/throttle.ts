import { inArray, sql } from 'drizzle-orm';
import { loginThrottles } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

/**
 * Sign-in throttling (docs/decisions/0003-sign-in-throttling.md). Failures are counted per
 * login id and per client address inside a 15-minute window. Past the threshold the key is
 * blocked for a while that doubles with each further failure, capped at 15 minutes — long
 * enough to make guessing useless, never a permanent lock-out of the real operator.
 */
export const THROTTLE_POLICY = {
  windowMs: 15 * 60_000,
  maxBlockMs: 15 * 60_000,
  baseBlockMs: 60_000,
  loginIdThreshold: 5,
  addressThreshold: 30,
} as const;

export function throttleKeys(loginId: string, address: string) {
  return { loginIdKey: `login:${loginId.toLowerCase()}`, addressKey: `addr:${address}` };
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

/**
 * Counts one failure atomically (one upsert, safe under concurrent attempts) and sets the
 * block once the threshold is passed.
 */
export async function recordFailure(
  db: Executor,
  key: string,
  threshold: number,
  now: Date,
): Promise<void> {
  const windowStart = new Date(now.getTime() - THROTTLE_POLICY.windowMs);
  const failures = sql`case when ${loginThrottles.windowStartedAt} < ${windowStart.toISOString()}::timestamptz then 1 else ${loginThrottles.failures} + 1 end`;
  await db
    .insert(loginThrottles)
    .values({ key, failures: 1, windowStartedAt: now, blockedUntil: null })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: {
        failures,
        windowStartedAt: sql`case when ${loginThrottles.windowStartedAt} < ${windowStart.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${loginThrottles.windowStartedAt} end`,
        blockedUntil: sql`case when (${failures}) >= ${threshold}
          then ${now.toISOString()}::timestamptz + least(
            ${THROTTLE_POLICY.maxBlockMs}::bigint,
            ${THROTTLE_POLICY.baseBlockMs}::bigint * power(2, (${failures}) - ${threshold})::bigint
          ) * interval '1 millisecond'
          else null end`,
      },
    });
}

export async function clearFailures(db: Executor, key: string): Promise<void> {
  await db.delete(loginThrottles).where(inArray(loginThrottles.key, [key]));
}
