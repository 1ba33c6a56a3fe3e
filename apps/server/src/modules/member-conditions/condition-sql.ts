import { and, or, sql, type SQL } from 'drizzle-orm';
import {
  addDaysToDateValue,
  RESERVATION_STATUS,
  VISIT_STATUSES,
  type FunnelDefinition,
  type MemberCondition,
  type MemberQueryCondition,
} from '@tsunagu/contracts';
import {
  members,
  memberTags,
  memberVarValues,
  salonReservations,
  salons,
} from '../../db/schema/index.js';
import { funnelMembersWhere } from '../funnel-query/index.js';

/** The saved funnels a segment's funnel conditions name, by id (read by `conditionFunnels`). */
export type ConditionFunnels = ReadonlyMap<number, FunnelDefinition>;

/**
 * A segment's condition as one SQL predicate on `members` (decision 0145): the database finds
 * the friends, whatever their number — nothing is loaded into Node to be filtered. `today` is
 * the Tokyo date the reservation conditions count from (the caller's clock, never the
 * machine's zone). The reference evaluation in TypeScript (member-queries.property.test.ts)
 * must always agree with it. `funnels` holds the definitions of the funnels its funnel
 * conditions name (decision 0430); a funnel not in it (deleted) finds nobody.
 */
export function conditionWhere(
  accountId: number,
  condition: MemberQueryCondition,
  today: string,
  funnels: ConditionFunnels = new Map(),
): SQL {
  const parts = condition.conditions.map((part) => conditionSql(accountId, part, today, funnels));
  const joined = condition.match === 'all' ? and(...parts) : or(...parts);
  // A segment finds friends only: never someone who signed in on the booking page without
  // following the account (decision 0181).
  return sql`(${members.followState} <> 'not_friend' and (${joined}))`;
}

/** Friends holding the tags: by the tag index (member_tags_tag_idx), grouped once. */
function tagsSql(condition: Extract<MemberCondition, { kind: 'tags' }>): SQL {
  // A tag named twice is one tag: `all` counts distinct tags held.
  const ids = [...new Set(condition.tag_ids)];
  const holders = sql`select ${memberTags.memberId} from ${memberTags} where ${memberTags.tagId} in ${ids}`;
  switch (condition.match) {
    case 'any':
      return sql`${members.id} in (${holders})`;
    case 'all':
      return sql`${members.id} in (${holders} group by ${memberTags.memberId} having count(*) = ${ids.length})`;
    case 'none':
      return sql`${members.id} not in (${holders})`;
  }
}

/**
 * Reservations in the account's salons (decision 0145): `upcoming` — one that holds its slot
 * (requested or confirmed) from today through today + N days; `visited` — a confirmed one in
 * the N days before today, or today's once it is marked 来店済み.
 */
const VISITED = VISIT_STATUSES.find((status) => status.key === 'visited')!.id;

function reservationSql(
  accountId: number,
  condition: Extract<MemberCondition, { kind: 'reservation' }>,
  today: string,
): SQL {
  const { requested, confirmed } = RESERVATION_STATUS;
  const ownSalons = sql`${salonReservations.salonId} in (select ${salons.id} from ${salons} where ${salons.accountId} = ${accountId})`;
  const when =
    condition.when === 'upcoming'
      ? sql`${salonReservations.status} in (${requested}, ${confirmed})
          and ${salonReservations.date} between ${today} and ${addDaysToDateValue(today, condition.days)}`
      : sql`${salonReservations.status} = ${confirmed}
          and ${salonReservations.date} between ${addDaysToDateValue(today, -condition.days)} and ${today}
          and (${salonReservations.date} < ${today} or ${salonReservations.visitStatus} = ${VISITED})`;
  // Uncorrelated on purpose: PostgreSQL hashes the reserving members once instead of probing
  // the reservations once per friend (an OR of conditions cannot be turned into a join).
  return sql`${members.id} in (select ${salonReservations.memberId} from ${salonReservations}
    where ${salonReservations.memberId} is not null and ${ownSalons} and ${when})`;
}

/** A number as a friend-information number value, or null when the text is not one. */
const numberOrNull = (value: string) => (/^-?\d+(\.\d+)?$/.test(value) ? Number(value) : null);

/**
 * A friend-information value (decision 0158): friends with a value row of the field matching —
 * by the typed, indexed column of the field's type (member_var_values, decision 0143). `contains`
 * is `strpos`, so `%` and `_` in what the operator typed are plain characters. The op was checked
 * against the field's type when the segment was saved.
 */
function varSql(condition: Extract<MemberCondition, { kind: 'var' }>): SQL {
  const v = memberVarValues;
  const holders = (match?: SQL) =>
    sql`select ${v.memberId} from ${v} where ${v.varId} = ${condition.var_id}${match ? sql` and ${match}` : sql``}`;
  const value = condition.value;
  const having = (match: SQL) => sql`${members.id} in (${holders(match)})`;
  switch (condition.op) {
    case 'is_set':
      return sql`${members.id} in (${holders()})`;
    case 'not_set':
      return sql`${members.id} not in (${holders()})`;
    case 'in':
      return having(sql`${v.choiceId} in ${condition.choice_ids}`);
    case 'contains':
      return having(sql`strpos(${v.textValue}, ${value}) > 0`);
    case 'gt':
      return having(sql`${v.numberValue} > ${numberOrNull(value)}`);
    case 'lt':
      return having(sql`${v.numberValue} < ${numberOrNull(value)}`);
    case 'before':
      return having(sql`${v.dateValue} < ${value}`);
    case 'after':
      return having(sql`${v.dateValue} > ${value}`);
    case 'equals':
      // The field's values are in the one typed column of its type; the others are null.
      return having(
        sql`(${v.textValue} = ${value} or ${v.dateValue}::text = ${value} or ${v.numberValue} = ${numberOrNull(value)})`,
      );
  }
}

/** One condition as a predicate on `members` (the friends list's friend-information filter). */
export function memberConditionWhere(
  accountId: number,
  condition: MemberCondition,
  today: string,
): SQL {
  return conditionSql(accountId, condition, today, new Map());
}

/**
 * A funnel's count (decision 0430): the funnel's own SQL (module funnels) over its present
 * definition, so the segment stays live. A deleted funnel, or a step it no longer has: nobody.
 */
function funnelSql(
  accountId: number,
  condition: Extract<MemberCondition, { kind: 'funnel' }>,
  funnels: ConditionFunnels,
): SQL {
  const definition = funnels.get(condition.funnel_id);
  if (!definition || condition.step > definition.steps.length) return sql`false`;
  return funnelMembersWhere(accountId, definition, condition.step, condition.reached);
}

function conditionSql(
  accountId: number,
  condition: MemberCondition,
  today: string,
  funnels: ConditionFunnels,
): SQL {
  switch (condition.kind) {
    case 'tags':
      return tagsSql(condition);
    case 'follow':
      return sql`${members.followState} = ${condition.state}`;
    case 'reservation':
      return reservationSql(accountId, condition, today);
    case 'var':
      return varSql(condition);
    case 'funnel':
      return funnelSql(accountId, condition, funnels);
  }
}
