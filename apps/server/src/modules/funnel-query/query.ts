import { sql, type SQL } from 'drizzle-orm';
import type { FunnelDefinition } from '@tsunagu/contracts';
import { addDaysToDateValue } from '@tsunagu/contracts';
import type { Executor } from '../../db/types.js';

/**
 * A funnel over the friend events log in ONE SQL statement (decision 0362). Chained CTEs:
 * `c` the cohort; `s1` each cohort friend's first step-1 time (`t1`); `sK` the friends of
 * `s(K-1)` who did step K —
 * - ordered: the first step-K event at or after step K-1's time (`t`), so `sK` carries it on;
 * - unordered: any step-K event at all;
 * - with a window of N days: every later step's event between t1 and t1 + N days (ordered), or
 *   within N days of t1 either side (unordered).
 * Each step reads the log by the index (account, kind, member, time, ref); every `sK` is kept in
 * member order so the next ordered step can merge-join it to that index (decision 0470). The reference
 * computation in funnels.test.ts must always agree with it.
 */
export function funnelCtes(accountId: number, definition: FunnelDefinition): SQL {
  const { steps, cohort, ordered, window_days: windowDays } = definition;
  const event = (alias: string, index: number) => {
    const step = steps[index]!;
    const ref = step.ref_id === null ? sql`` : sql` and ${sql.raw(alias)}.ref_id = ${step.ref_id}`;
    return sql`${sql.raw(alias)}.account_id = ${accountId} and ${sql.raw(alias)}.kind = ${step.kind}${ref}`;
  };
  const tokyoMidnight = (date: string) => sql`(${date}::timestamp at time zone 'Asia/Tokyo')`;
  const cohortParts: SQL[] = [
    sql`m.account_id = ${accountId}`,
    sql`m.follow_state <> 'not_friend'`,
  ];
  if (cohort.followed_from !== null || cohort.followed_to !== null) {
    const from =
      cohort.followed_from === null
        ? sql``
        : sql` and f.occurred_at >= ${tokyoMidnight(cohort.followed_from)}`;
    const to =
      cohort.followed_to === null
        ? sql``
        : sql` and f.occurred_at < ${tokyoMidnight(addDaysToDateValue(cohort.followed_to, 1))}`;
    cohortParts.push(
      sql`exists (select 1 from friend_events f where f.account_id = ${accountId} and f.kind = 'follow' and f.member_id = m.id${from}${to})`,
    );
  }
  if (cohort.tracker_id !== null) {
    cohortParts.push(
      sql`exists (select 1 from friend_events f where f.account_id = ${accountId} and f.kind = 'tracker_arrival' and f.ref_id = ${cohort.tracker_id} and f.member_id = m.id)`,
    );
  }
  const ctes: SQL[] = [
    sql`c as materialized (select m.id from members m where ${sql.join(cohortParts, sql` and `)})`,
    sql`s1 as materialized (select e.member_id, min(e.occurred_at) as t1, min(e.occurred_at) as t
      from friend_events e join c on c.id = e.member_id
      where ${event('e', 0)} group by e.member_id order by e.member_id)`,
  ];
  const window = windowDays === null ? null : sql`make_interval(days => ${windowDays})`;
  for (let index = 1; index < steps.length; index++) {
    const previous = sql.raw(`s${index}`);
    const name = sql.raw(`s${index + 1}`);
    if (ordered) {
      const within = window ? sql` and e.occurred_at <= p.t1 + ${window}` : sql``;
      // Each friend's first step-K time at or after step K−1, set-based (decision 0470): one
      // pass over the step's events in friend_events_kind_member_idx order, merge-joined to the
      // previous step (kept in member order), `min` per friend — the same first event the
      // LATERAL … LIMIT 1 probe of decision 0433 found, without one index descent per friend.
      ctes.push(sql`${name} as materialized (select p.member_id, p.t1, min(e.occurred_at) as t
        from ${previous} p join friend_events e on e.member_id = p.member_id
        where ${event('e', index)} and e.occurred_at >= p.t${within}
        group by p.member_id, p.t1 order by p.member_id)`);
    } else {
      const within = window
        ? sql` and e.occurred_at between p.t1 - ${window} and p.t1 + ${window}`
        : sql``;
      ctes.push(sql`${name} as materialized (select p.member_id, p.t1, p.t from ${previous} p
        where exists (select 1 from friend_events e where e.member_id = p.member_id and ${event('e', index)}${within}))`);
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
