import { randomBytes } from 'node:crypto';
import { EVENT_MESSAGES, type VarValue } from '@tsunagu/contracts';
import { and, eq, sql } from 'drizzle-orm';
import {
  eventReminderJobs,
  eventReservations,
  eventSlots,
  eventWaitlist,
} from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { isViolationOf } from '../../lib/db-errors.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { checkAnswers, saveAnswers, type CheckedAnswers } from './answers.js';
import { createAttendance } from './attendance.js';
import { createBookingEffects } from './booking-effects.js';
import type { SeatDeps } from './seat-deps.js';
import { createSeatRelease } from './seat-release.js';
import { limitKeyOf } from './seat-states.js';
import { slotLabel } from './slot-times.js';
import { questionsOf, type EventRow, type SlotRow } from './views.js';

export type { SeatDeps } from './seat-deps.js';
export { isHolding, limitKeyOf } from './seat-states.js';

/**
 * Seats of event slots (decision 0311). The slot row counts its taken seats (`seats_taken`:
 * seat-holding reservations and open waitlist offers); a booking takes one with
 * `update … set seats_taken = seats_taken + 1 where seats_taken < capacity`, last in its
 * transaction, so the row's lock is held only to the commit and N parallel bookings of K free
 * seats give exactly K. The check `seats_taken <= capacity` holds whatever code runs. The
 * per-friend limit is the unique index on (friend, limit key) among seat-holding reservations.
 * Each booking, cancel and attendance runs the event's actions once (the one action model) and
 * queues its pushes with keys, so a retry never sends twice. This file takes seats; giving them
 * up is seat-release.ts, attendance attendance.ts, what a booking causes booking-effects.ts.
 */
export type BookingSource = 'member' | 'staff' | 'waitlist';

const newCheckinCode = () => randomBytes(12).toString('base64url');

export function createSeats(deps: SeatDeps) {
  const { db } = deps;
  const effects = createBookingEffects(deps);
  const { afterBooked, scheduleReminders } = effects;
  const { passSeat, cancel, leave } = createSeatRelease(deps, effects);
  const { markAttendance } = createAttendance(effects);

  /** A new seat-holding reservation's row (its seat is counted by the caller). */
  async function insertReservation(
    tx: Executor,
    event: EventRow,
    slot: SlotRow,
    memberId: number,
    source: BookingSource,
    checked: CheckedAnswers,
  ): Promise<number> {
    const [row] = await tx
      .insert(eventReservations)
      .values({
        accountId: event.accountId,
        eventId: event.id,
        slotId: slot.id,
        memberId,
        source,
        limitKey: limitKeyOf(event, slot.id),
        answers: checked.snapshot,
        checkinCode: newCheckinCode(),
        bookedAt: deps.clock(),
      })
      .returning({ id: eventReservations.id });
    return row!.id;
  }

  /** Maps the per-friend limit's violation to the Japanese 409. */
  function limitConflict(error: unknown, event: EventRow, slot: SlotRow): never {
    if (isViolationOf(error, '23505', 'event_reservations_limit'))
      throw new ConflictError(
        event.bookingLimit === 'per_event'
          ? EVENT_MESSAGES.alreadyBookedEvent
          : EVENT_MESSAGES.alreadyBookedSlot(slotLabel(slot.startsAt)),
      );
    throw error;
  }

  /**
   * Books a seat of `slot` for the friend: 409 naming the slot when it is full or the friend's
   * limit is reached. `answers` are checked against the event's questions and saved into the
   * friend's information in the same transaction.
   */
  async function book(
    event: EventRow,
    slot: SlotRow,
    memberId: number,
    source: BookingSource,
    answers: Record<string, VarValue>,
  ): Promise<number> {
    const checked = await checkAnswers(db, event.accountId, questionsOf(event), answers);
    // A slot seen full needs no transaction (a stampede's late comers are answered at once); a
    // seat seen free is still only taken by the locked update below.
    const [seen] = await db
      .select({ taken: eventSlots.seatsTaken, capacity: eventSlots.capacity })
      .from(eventSlots)
      .where(eq(eventSlots.id, slot.id));
    if (!seen || seen.taken >= seen.capacity)
      throw new ConflictError(EVENT_MESSAGES.slotFull(slotLabel(slot.startsAt)));
    try {
      return await db.transaction(async (tx) => {
        const id = await insertReservation(tx, event, slot, memberId, source, checked);
        await saveAnswers(tx, memberId, checked);
        await afterBooked(tx, event, slot, id, memberId);
        // Last: the slot row's lock is held from here to the commit only.
        const taken = await tx
          .update(eventSlots)
          .set({ seatsTaken: sql`${eventSlots.seatsTaken} + 1` })
          .where(
            and(eq(eventSlots.id, slot.id), sql`${eventSlots.seatsTaken} < ${eventSlots.capacity}`),
          )
          .returning({ id: eventSlots.id });
        if (taken.length === 0)
          throw new ConflictError(EVENT_MESSAGES.slotFull(slotLabel(slot.startsAt)));
        return id;
      });
    } catch (error) {
      return limitConflict(error, event, slot);
    }
  }

  /** Gives a cancelled reservation its seat back (staff's undo): 409 when full or the limit. */
  async function restore(event: EventRow, slot: SlotRow, reservationId: number) {
    try {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(eventReservations)
          .set({ state: 'booked', cancelledAt: null })
          .where(
            and(
              eq(eventReservations.id, reservationId),
              sql`${eventReservations.state} like 'cancelled_%'`,
            ),
          )
          .returning();
        if (!row) throw new NotFoundError(EVENT_MESSAGES.reservationNotFound);
        await scheduleReminders(tx, event, slot, row.id);
        await tx
          .update(eventReminderJobs)
          .set({ state: 'pending' })
          .where(
            and(
              eq(eventReminderJobs.reservationId, row.id),
              eq(eventReminderJobs.state, 'dropped'),
              sql`${eventReminderJobs.dueAt} > ${deps.clock().toISOString()}`,
            ),
          );
        const taken = await tx
          .update(eventSlots)
          .set({ seatsTaken: sql`${eventSlots.seatsTaken} + 1` })
          .where(
            and(eq(eventSlots.id, slot.id), sql`${eventSlots.seatsTaken} < ${eventSlots.capacity}`),
          )
          .returning({ id: eventSlots.id });
        if (taken.length === 0)
          throw new ConflictError(EVENT_MESSAGES.slotFull(slotLabel(slot.startsAt)));
      });
    } catch (error) {
      limitConflict(error, event, slot);
    }
  }

  /**
   * A waitlisted friend takes the seat offered to them (it is already counted): 409 when the
   * offer expired or was never made.
   */
  async function accept(event: EventRow, slot: SlotRow, entryId: number, memberId: number) {
    const [entry] = await db
      .select()
      .from(eventWaitlist)
      .where(and(eq(eventWaitlist.id, entryId), eq(eventWaitlist.memberId, memberId)));
    if (!entry) throw new NotFoundError(EVENT_MESSAGES.waitlistNotFound);
    const checked = await checkAnswers(
      db,
      event.accountId,
      questionsOf(event),
      entry.answers as Record<string, VarValue>,
    );
    try {
      return await db.transaction(async (tx) => {
        const [offered] = await tx
          .update(eventWaitlist)
          .set({ state: 'accepted' })
          .where(
            and(
              eq(eventWaitlist.id, entryId),
              eq(eventWaitlist.state, 'offered'),
              sql`${eventWaitlist.offerExpiresAt} > ${deps.clock().toISOString()}`,
            ),
          )
          .returning();
        if (!offered)
          throw new ConflictError(
            entry.state === 'offered'
              ? EVENT_MESSAGES.offerExpired
              : EVENT_MESSAGES.offerNotOffered,
          );
        const id = await insertReservation(tx, event, slot, memberId, 'waitlist', checked);
        await tx
          .update(eventWaitlist)
          .set({ reservationId: id })
          .where(eq(eventWaitlist.id, entryId));
        await saveAnswers(tx, memberId, checked);
        await afterBooked(tx, event, slot, id, memberId);
        return id;
      });
    } catch (error) {
      return limitConflict(error, event, slot);
    }
  }

  return {
    book,
    cancel,
    restore,
    accept,
    leave,
    markAttendance,
    passSeat,
    pageUrl: effects.pageUrl,
  };
}

export type Seats = ReturnType<typeof createSeats>;
