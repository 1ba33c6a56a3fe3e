import { EVENT_SEAT_HOLDING_STATES } from '@tsunagu/contracts';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  eventReservations,
  events,
  eventSlots,
  eventWaitlist,
  members,
} from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import type { SlotCounts } from './views.js';

/** Reads of the event tables, always within one account (tenancy on the server). */

export async function findEvent(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.accountId, accountId), eq(events.id, id)));
  return row;
}

export async function findEventByKey(db: Executor, publicKey: string) {
  const [row] = await db.select().from(events).where(eq(events.publicKey, publicKey));
  return row;
}

export async function findSlot(db: Executor, eventId: number, slotId: number, lock = false) {
  const query = db
    .select()
    .from(eventSlots)
    .where(and(eq(eventSlots.eventId, eventId), eq(eventSlots.id, slotId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function slotsOf(db: Executor, eventIds: number[]) {
  if (eventIds.length === 0) return [];
  return db
    .select()
    .from(eventSlots)
    .where(inArray(eventSlots.eventId, eventIds))
    .orderBy(asc(eventSlots.startsAt), asc(eventSlots.id));
}

const holding = sql`(${sql.join(
  EVENT_SEAT_HOLDING_STATES.map((state) => sql`${state}`),
  sql`, `,
)})`;
export const seatHolding = sql`${eventReservations.state} in ${holding}`;

/** Booked (seat-holding reservations) and waiting entries per slot of the events. */
export async function slotCounts(
  db: Executor,
  eventIds: number[],
): Promise<Map<number, SlotCounts>> {
  const result = new Map<number, SlotCounts>();
  if (eventIds.length === 0) return result;
  const booked = await db
    .select({ slotId: eventReservations.slotId, n: count() })
    .from(eventReservations)
    .where(and(inArray(eventReservations.eventId, eventIds), seatHolding))
    .groupBy(eventReservations.slotId);
  const waiting = await db
    .select({ slotId: eventWaitlist.slotId, n: count() })
    .from(eventWaitlist)
    .where(and(inArray(eventWaitlist.eventId, eventIds), eq(eventWaitlist.state, 'waiting')))
    .groupBy(eventWaitlist.slotId);
  for (const row of booked) result.set(row.slotId, { booked: row.n, waitlisted: 0 });
  for (const row of waiting)
    result.set(row.slotId, { booked: result.get(row.slotId)?.booked ?? 0, waitlisted: row.n });
  return result;
}

export const countsOf = (counts: Map<number, SlotCounts>, slotId: number): SlotCounts =>
  counts.get(slotId) ?? { booked: 0, waitlisted: 0 };

export async function reservationsOf(db: Executor, eventId: number, slotId?: number) {
  return db
    .select({
      row: eventReservations,
      name: members.displayName,
      pictureUrl: members.iconUrl,
    })
    .from(eventReservations)
    .innerJoin(members, eq(members.id, eventReservations.memberId))
    .where(
      and(
        eq(eventReservations.eventId, eventId),
        slotId === undefined ? undefined : eq(eventReservations.slotId, slotId),
      ),
    )
    .orderBy(asc(eventReservations.slotId), asc(eventReservations.id));
}

export async function waitlistOf(db: Executor, eventId: number, slotId?: number) {
  return db
    .select({ row: eventWaitlist, name: members.displayName })
    .from(eventWaitlist)
    .innerJoin(members, eq(members.id, eventWaitlist.memberId))
    .where(
      and(
        eq(eventWaitlist.eventId, eventId),
        slotId === undefined ? undefined : eq(eventWaitlist.slotId, slotId),
      ),
    )
    .orderBy(asc(eventWaitlist.slotId), asc(eventWaitlist.id));
}

/** 1-based places of the waiting entries in their slot's line. */
export function waitingPositions(rows: { row: { id: number; slotId: number; state: string } }[]) {
  const positions = new Map<number, number>();
  const seen = new Map<number, number>();
  for (const { row } of rows) {
    if (row.state !== 'waiting') continue;
    const place = (seen.get(row.slotId) ?? 0) + 1;
    seen.set(row.slotId, place);
    positions.set(row.id, place);
  }
  return positions;
}

export async function friendOfAccount(db: Executor, accountId: number, memberId: number) {
  const [row] = await db
    .select({ id: members.id, name: members.displayName })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.id, memberId)));
  return row;
}
