import type { FunnelDefinition } from '@tsunagu/contracts';
import { eq } from 'drizzle-orm';
import { friendEvents, members } from '../../src/db/schema/index.js';
import type { Database } from '../../src/db/types.js';

export type Row = { memberId: number; kind: string; refId: number | null; at: number };

export const DAY = 86_400_000;

/** A small deterministic random source (the same data on every run). */
export function randomOf(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * The plain reference of decision 0362, in TypeScript over every row of the account's log: what
 * the one SQL statement must count.
 */
export function referenceCounts(
  friends: { id: number; state: string }[],
  rows: Row[],
  definition: FunnelDefinition,
) {
  const byFriend = new Map<number, Row[]>();
  for (const row of rows) byFriend.set(row.memberId, [...(byFriend.get(row.memberId) ?? []), row]);
  const matches = (row: Row, index: number) => {
    const step = definition.steps[index]!;
    return row.kind === step.kind && (step.ref_id === null || row.refId === step.ref_id);
  };
  const tokyo = (date: string) => Date.parse(`${date}T00:00:00+09:00`);
  const { cohort } = definition;
  const inCohort = (id: number) => {
    const own = byFriend.get(id) ?? [];
    if (cohort.followed_from !== null || cohort.followed_to !== null) {
      const from = cohort.followed_from === null ? -Infinity : tokyo(cohort.followed_from);
      const to = cohort.followed_to === null ? Infinity : tokyo(cohort.followed_to) + DAY;
      if (!own.some((row) => row.kind === 'follow' && row.at >= from && row.at < to)) return false;
    }
    if (
      cohort.tracker_id !== null &&
      !own.some((row) => row.kind === 'tracker_arrival' && row.refId === cohort.tracker_id)
    )
      return false;
    return true;
  };
  const members = friends.filter((f) => f.state !== 'not_friend' && inCohort(f.id));
  const reached = definition.steps.map(() => 0);
  const window = definition.window_days === null ? Infinity : definition.window_days * DAY;
  for (const friend of members) {
    const own = byFriend.get(friend.id) ?? [];
    const firsts = own.filter((row) => matches(row, 0)).map((row) => row.at);
    if (firsts.length === 0) continue;
    const t1 = Math.min(...firsts);
    reached[0]!++;
    let t = t1;
    for (let index = 1; index < definition.steps.length; index++) {
      const times = own.filter((row) => matches(row, index)).map((row) => row.at);
      if (definition.ordered) {
        const next = times.filter((at) => at >= t && at <= t1 + window);
        if (next.length === 0) break;
        t = Math.min(...next);
      } else if (!times.some((at) => Math.abs(at - t1) <= window)) break;
      reached[index]!++;
    }
  }
  return { cohort: members.length, reached };
}

/** The reference over the account's friends and whole log as they are in the database now. */
export async function referenceFromDatabase(
  db: Database,
  account: number,
  definition: FunnelDefinition,
) {
  const friends = await db
    .select({ id: members.id, state: members.followState })
    .from(members)
    .where(eq(members.accountId, account));
  const rows = await db
    .select({
      memberId: friendEvents.memberId,
      kind: friendEvents.kind,
      refId: friendEvents.refId,
      at: friendEvents.occurredAt,
    })
    .from(friendEvents)
    .where(eq(friendEvents.accountId, account));
  return referenceCounts(
    friends,
    rows.map((row) => ({ ...row, at: row.at.getTime() })),
    definition,
  );
}
