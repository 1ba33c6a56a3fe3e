import { sql, type SQL } from 'drizzle-orm';
import type { FunnelDefinition } from '@tsunagu/contracts';
import { addDaysToDateValue } from '@tsunagu/contracts';
import type { Executor } from '../../db/types.js';

/**
 * The first of a span row's times at or after `t` (null when none): `first_at` and `last_at`
 * decide most rows; between them, one binary search of the sorted `times` (`width_bucket`
 * counts the times ≤ t: the one it ends on is t itself, or the next is the answer), or, for a
 * friend with more times than a span keeps (`times` null), the log's first such event.
 */
export function firstAtOrAfter(row: string, t: SQL, fromLog: SQL): SQL {
  const r = sql.raw(row);
  return sql`(case when ${r}.first_at >= ${t} then ${r}.first_at when ${r}.last_at < ${t} then null
    when ${r}.times is null then ${fromLog}
    when ${r}.times[width_bucket(${t}, ${r}.times)] = ${t} then ${t}
    else ${r}.times[width_bucket(${t}, ${r}.times) + 1] end)`;
}

/**
 * A funnel in ONE SQL statement (decision 0362) over `friend_event_spans`, each friend's sorted
 * times per kind and ref kept from the friend events log (decision 0510): `f`, one row per
 * cohort friend with `t1 … tN`, step K's time or null when not reached —
 * - t1: the friend's first step-1 time;
 * - ordered: tK is the first step-K time at or after t(K−1) (a tie counts);
 * - unordered: tK is t(K−1) when the friend has any step-K time at all;
 * - with a window of N days: every later step's time between t1 and t1 + N days (ordered), or
 *   within N days of t1 either side (unordered), both ends included.
 * One pass: the cohort left-joined to each step's span rows (one per friend, index-only in
 * friend order: friend_event_spans_step_idx), no table per step. The reference computation over
 * the raw log (test/funnels/reference.ts) must always agree with it.
 */
export function funnelRows(accountId: number, definition: FunnelDefinition): SQL {
  const { steps, cohort, ordered, window_days: windowDays } = definition;
  const span = (alias: string, kind: string, refId: number | null) => {
    const a = sql.raw(alias);
    return sql`${a}.account_id = ${accountId} and ${a}.kind = ${kind} and ${a}.ref_id = ${refId ?? 0}`;
  };
  /** The log's first event of the span row's friend, kind and ref at or after t. */
  const fromLog = (alias: string, kind: string, refId: number | null, t: SQL) => {
    const ref = refId === null ? sql`` : sql` and e.ref_id = ${refId}`;
    return sql`(select min(e.occurred_at) from friend_events e where e.account_id = ${accountId} and e.kind = ${kind}${ref} and e.member_id = ${sql.raw(alias)}.member_id and e.occurred_at >= ${t})`;
  };
  const tokyoMidnight = (date: string) => sql`(${date}::timestamp at time zone 'Asia/Tokyo')`;
  const cohortParts: SQL[] = [
    sql`m.account_id = ${accountId}`,
    sql`m.follow_state <> 'not_friend'`,
  ];
  if (cohort.followed_from !== null || cohort.followed_to !== null) {
    // A follow in [from, to): the first follow at or after `from` is before `to`.
    const from =
      cohort.followed_from === null
        ? sql`f.first_at`
        : firstAtOrAfter(
            'f',
            tokyoMidnight(cohort.followed_from),
            fromLog('f', 'follow', null, tokyoMidnight(cohort.followed_from)),
          );
    const to =
      cohort.followed_to === null
        ? sql` is not null`
        : sql` < ${tokyoMidnight(addDaysToDateValue(cohort.followed_to, 1))}`;
    cohortParts.push(
      sql`exists (select 1 from friend_event_spans f where ${span('f', 'follow', null)} and f.member_id = m.id and ${from}${to})`,
    );
  }
  if (cohort.tracker_id !== null) {
    cohortParts.push(
      sql`exists (select 1 from friend_event_spans f where ${span('f', 'tracker_arrival', cohort.tracker_id)} and f.member_id = m.id)`,
    );
  }
  const window = windowDays === null ? null : sql`make_interval(days => ${windowDays})`;
  const joins: SQL[] = [];
  const times: SQL[] = [];
  steps.forEach((step, index) => {
    const r = `r${index + 1}`;
    const t = sql.raw(`t${index + 1}`);
    joins.push(
      sql` left join friend_event_spans ${sql.raw(r)} on ${span(r, step.kind, step.ref_id)} and ${sql.raw(r)}.member_id = m.id`,
    );
    if (index === 0) {
      times.push(sql` cross join lateral (select r1.first_at as t1) x1`);
      return;
    }
    const before = sql.raw(`x${index}.t${index}`);
    const x = sql.raw(`x${index + 1}`);
    if (ordered) {
      // The first step-K time at or after step K−1's, within t1 + window.
      const next = firstAtOrAfter(r, before, fromLog(r, step.kind, step.ref_id, before));
      const value = window ? sql`(case when n <= x1.t1 + ${window} then n end)` : sql`n`;
      times.push(
        sql` cross join lateral (select ${value} as ${t} from (select ${next} as n offset 0) q) ${x}`,
      );
      return;
    }
    // Any step-K time: within [t1 − window, t1 + window] when there is a window.
    const earliest = sql`(x1.t1 - ${window})`;
    const any = window
      ? sql`${firstAtOrAfter(r, earliest, fromLog(r, step.kind, step.ref_id, earliest))} <= x1.t1 + ${window}`
      : sql`${sql.raw(r)}.member_id is not null`;
    const value = sql`(case when ${before} is not null and ${any} then ${before} end)`;
    times.push(sql` cross join lateral (select ${value} as ${t}) ${x}`);
  });
  const columns = steps.map((_, index) => sql.raw(`x${index + 1}.t${index + 1}`));
  return sql`f as (select m.id, ${sql.join(columns, sql`, `)} from members m${sql.join(joins, sql``)}${sql.join(times, sql``)}
    where ${sql.join(cohortParts, sql` and `)})`;
}

/** The cohort's size and each step's reached count (step 1 … N). */
export async function funnelCounts(
  db: Executor,
  accountId: number,
  definition: FunnelDefinition,
): Promise<{ cohort: number; reached: number[] }> {
  const counts = definition.steps.map((_, index) => sql`count(${sql.raw(`t${index + 1}`)})::int`);
  // The driver's result is untyped in pg-core: read as node-postgres gives it.
  const result = (await db.execute(
    sql`with ${funnelRows(accountId, definition)} select array[count(*)::int, ${sql.join(counts, sql`, `)}] as counts from f`,
  )) as unknown as { rows: { counts: number[] }[] };
  const [cohort, ...reached] = result.rows[0]!.counts;
  return { cohort: cohort!, reached };
}

/**
 * The friends of one count as a predicate on `members` (the friends list's page): reached step
 * K, or reached the step before (the cohort for step 1) but not K.
 */
export function funnelMembersWhere(
  accountId: number,
  definition: FunnelDefinition,
  step: number,
  reached: boolean,
): SQL {
  const at = sql.raw(`t${step}`);
  const before = step === 1 ? sql`` : sql`${sql.raw(`t${step - 1}`)} is not null and `;
  const where = reached ? sql`${at} is not null` : sql`${before}${at} is null`;
  return sql`members.id in (with ${funnelRows(accountId, definition)} select id from f where ${where})`;
}
