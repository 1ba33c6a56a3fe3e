import { sql, type SQL } from 'drizzle-orm';
import type { FunnelDefinition } from '@tsunagu/contracts';
import { addDaysToDateValue } from '@tsunagu/contracts';
import type { Executor } from '../../db/types.js';

/** The first of a span row's sorted `times` at or after `t` (null when none): a binary search. */
export function firstAtOrAfter(row: string, t: SQL): SQL {
  const r = sql.raw(row);
  // width_bucket counts the times ≤ t; the one it ends on is t itself, or the next is the answer.
  return sql`(case when ${r}.first_at >= ${t} then ${r}.first_at when ${r}.last_at < ${t} then null
    when ${r}.times[width_bucket(${t}, ${r}.times)] = ${t} then ${t}
    else ${r}.times[width_bucket(${t}, ${r}.times) + 1] end)`;
}

/**
 * A funnel in ONE SQL statement (decision 0362) over `friend_event_spans`, each friend's sorted
 * times per kind and ref kept from the friend events log (decision 0510). Chained CTEs: `c` the
 * cohort; `s1` each cohort friend's first step-1 time (`t1`); `sK` the friends of `s(K-1)` who
 * did step K —
 * - ordered: the first step-K time at or after step K-1's time (`t`), so `sK` carries it on;
 * - unordered: any step-K time at all;
 * - with a window of N days: every later step's time between t1 and t1 + N days (ordered), or
 *   within N days of t1 either side (unordered).
 * A step reads one span row per friend (primary key order: account, kind, ref, friend), merge-
 * joined to the previous step kept in friend order. The reference computation over the raw log
 * in funnels.test.ts must always agree with it.
 */
export function funnelCtes(accountId: number, definition: FunnelDefinition): SQL {
  const { steps, cohort, ordered, window_days: windowDays } = definition;
  const span = (alias: string, kind: string, refId: number | null) => {
    const a = sql.raw(alias);
    return sql`${a}.account_id = ${accountId} and ${a}.kind = ${kind} and ${a}.ref_id = ${refId ?? 0}`;
  };
  const step = (alias: string, index: number) =>
    span(alias, steps[index]!.kind, steps[index]!.ref_id);
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
        : firstAtOrAfter('f', tokyoMidnight(cohort.followed_from));
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
  const ctes: SQL[] = [
    sql`c as materialized (select m.id from members m where ${sql.join(cohortParts, sql` and `)})`,
    sql`s1 as materialized (select r.member_id, r.first_at as t1, r.first_at as t
      from friend_event_spans r join c on c.id = r.member_id
      where ${step('r', 0)} order by r.member_id)`,
  ];
  const window = windowDays === null ? null : sql`make_interval(days => ${windowDays})`;
  for (let index = 1; index < steps.length; index++) {
    const previous = sql.raw(`s${index}`);
    const name = sql.raw(`s${index + 1}`);
    const join = sql`from ${previous} p join friend_event_spans r on ${step('r', index)} and r.member_id = p.member_id`;
    if (ordered) {
      // The first step-K time at or after step K−1's (a tie counts), within t1 + window.
      const within = window ? sql` and x.t <= p.t1 + ${window}` : sql``;
      ctes.push(sql`${name} as materialized (select p.member_id, p.t1, x.t ${join}
        cross join lateral (select ${firstAtOrAfter('r', sql`p.t`)} as t) x
        where x.t is not null${within} order by p.member_id)`);
    } else {
      // Any step-K time: within [t1 − window, t1 + window] when there is a window.
      const within = window
        ? sql` where ${firstAtOrAfter('r', sql`(p.t1 - ${window})`)} <= p.t1 + ${window}`
        : sql``;
      ctes.push(sql`${name} as materialized (select p.member_id, p.t1, p.t ${join}${within}
        order by p.member_id)`);
    }
  }
  return sql`with ${sql.join(ctes, sql`, `)}`;
}

/** The cohort's size and each step's reached count (step 1 … N). */
export async function funnelCounts(
  db: Executor,
  accountId: number,
  definition: FunnelDefinition,
): Promise<{ cohort: number; reached: number[] }> {
  const counts = definition.steps.map(
    (_, index) => sql`(select count(*) from ${sql.raw(`s${index + 1}`)})::int`,
  );
  // The driver's result is untyped in pg-core: read as node-postgres gives it.
  const result = (await db.execute(
    sql`${funnelCtes(accountId, definition)} select array[(select count(*) from c)::int, ${sql.join(counts, sql`, `)}] as counts`,
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
  const ctes = funnelCtes(accountId, definition);
  const at = sql.raw(`s${step}`);
  if (reached) return sql`members.id in (${ctes} select member_id from ${at})`;
  const before =
    step === 1 ? sql`select id from c` : sql`select member_id from ${sql.raw(`s${step - 1}`)}`;
  return sql`members.id in (${ctes} ${before} except select member_id from ${at})`;
}
