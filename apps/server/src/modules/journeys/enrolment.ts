import { RESERVATION_STATUS, todayInTokyo, type JourneyEntry } from '@tsunagu/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { journeyRuns, journeys } from '../../db/schema/index.js';
import { selectRows } from '../../db/raw.js';
import type { Executor } from '../../db/types.js';
import { segmentPredicate } from '../member-queries/index.js';

/** How far back an entry event still enrols (a scheduler down longer skips it rather than flood). */
export const JOURNEY_ENTRY_CATCH_UP_MS = 24 * 60 * 60_000;

type ActiveJourney = { id: number; accountId: number; activatedAt: Date; entry: JourneyEntry };

/** Journeys switched on whose friends enter by themselves (not by a trigger). */
export async function activeJourneys(db: Executor): Promise<ActiveJourney[]> {
  const rows = await db
    .select({
      id: journeys.id,
      accountId: journeys.accountId,
      activatedAt: journeys.activatedAt,
      entry: journeys.entry,
    })
    .from(journeys)
    .where(and(eq(journeys.isActive, true), sql`${journeys.entry}->>'kind' <> 'trigger'`));
  return rows.map((row) => ({
    ...row,
    activatedAt: row.activatedAt ?? new Date(0),
    entry: row.entry as JourneyEntry,
  }));
}

/**
 * Enrols into one journey every friend its entry finds and who is not yet enrolled for that
 * entry event (decision 0169): a segment once per friend; a tag, a follow or a reservation per
 * event since the journey was switched on (and within the catch-up window). One statement:
 * the unique entry key makes concurrent runs and restarts harmless.
 */
export async function enrol(db: Executor, journey: ActiveJourney, now: Date): Promise<number> {
  const windowStart = new Date(
    Math.max(journey.activatedAt.getTime(), now.getTime() - JOURNEY_ENTRY_CATCH_UP_MS),
  );
  const source = await entrySource(db, journey, windowStart, now);
  if (!source) return 0;
  const inserted = await selectRows<{ id: number }>(
    db,
    sql`
    insert into ${journeyRuns} (account_id, journey_id, member_id, entry_key, due_at)
    select ${journey.accountId}::int, ${journey.id}::int, found.member_id, found.entry_key, ${now.toISOString()}::timestamptz
    from (${source}) as found
    on conflict (journey_id, member_id, entry_key) do nothing
    returning id`,
  );
  return inserted.length;
}

/** `select member_id, entry_key` of the friends the entry finds, or null when it finds nobody. */
async function entrySource(
  db: Executor,
  journey: ActiveJourney,
  since: Date,
  now: Date,
): Promise<SQL | null> {
  const following = sql`m.account_id = ${journey.accountId} and m.follow_state = 'following'`;
  const { entry } = journey;
  switch (entry.kind) {
    case 'segment': {
      const where = await segmentPredicate(
        db,
        journey.accountId,
        entry.member_query_id,
        todayInTokyo(now),
      );
      if (!where) return null;
      // The predicate names the friends table `members`; the alias keeps that name.
      return sql`select members.id as member_id, 'segment' as entry_key from members
                 where members.account_id = ${journey.accountId}
                   and members.follow_state = 'following' and ${where}`;
    }
    case 'tag_added':
      return sql`select m.id as member_id,
                        'tag:' || floor(extract(epoch from t.created_at))::bigint as entry_key
                 from member_tags t join members m on m.id = t.member_id
                 where ${following} and t.tag_id = ${entry.tag_id}
                   and t.created_at >= ${since.toISOString()}::timestamptz and t.created_at <= ${now.toISOString()}::timestamptz`;
    case 'follow':
      return sql`select m.id as member_id,
                        'follow:' || floor(extract(epoch from m.followed_at))::bigint as entry_key
                 from members m
                 where ${following} and m.followed_at >= ${since.toISOString()}::timestamptz and m.followed_at <= ${now.toISOString()}::timestamptz`;
    case 'reservation':
      return sql`select m.id as member_id, 'reservation:' || r.id as entry_key
                 from salon_reservations r
                 join salons s on s.id = r.salon_id
                 join members m on m.id = r.member_id
                 where ${following} and s.account_id = ${journey.accountId}
                   ${entry.salon_id === null ? sql`` : sql`and r.salon_id = ${entry.salon_id}`}
                   and r.status = ${RESERVATION_STATUS.confirmed}
                   and r.created_at >= ${since.toISOString()}::timestamptz and r.created_at <= ${now.toISOString()}::timestamptz`;
    default:
      return null;
  }
}

/**
 * Starts one friend on an active journey for an entry event (a trigger's, decision 0170); false
 * when that event already started them or the journey is off. Runs in the caller's transaction.
 */
export async function startJourney(
  db: Executor,
  input: { accountId: number; journeyId: number; memberId: number; entryKey: string; now: Date },
): Promise<number | null> {
  const inserted = await selectRows<{ id: number }>(
    db,
    sql`
    insert into ${journeyRuns} (account_id, journey_id, member_id, entry_key, due_at)
    select ${input.accountId}::int, ${input.journeyId}::int, ${input.memberId}::int, ${input.entryKey}::text, ${input.now.toISOString()}::timestamptz
    from ${journeys}
    where ${journeys.id} = ${input.journeyId} and ${journeys.accountId} = ${input.accountId}
      and ${journeys.isActive}
    on conflict (journey_id, member_id, entry_key) do nothing
    returning id`,
  );
  return inserted[0]?.id ?? null;
}
