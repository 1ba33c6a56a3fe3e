import { randomBytes } from 'node:crypto';
import {
  EVENT_MESSAGES,
  EVENT_SEAT_HOLDING_STATES,
  type Action,
  type EventReservationState,
  type VarValue,
} from '@tsunagu/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  eventReminderJobs,
  eventReservations,
  eventSlots,
  eventWaitlist,
  members,
} from '../../db/schema/index.js';
import type { Database, Executor } from '../../db/types.js';
import { isViolationOf } from '../../lib/db-errors.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { runActions, type ActionDeps } from '../actions/index.js';
import { recordFriendEvent } from '../friend-events/index.js';
import { textMessage, type PushQueue } from '../line-push/index.js';
import { checkAnswers, saveAnswers } from './answers.js';
import { remindersToSchedule, slotLabel } from './slot-times.js';
import { confirmationText, offerText, type EventTextContext } from './texts.js';
import { questionsOf, remindersOf, type EventRow, type SlotRow } from './views.js';

/**
 * Seats of event slots (decision 0311). The slot row counts its taken seats (`seats_taken`:
 * seat-holding reservations and open waitlist offers); a booking takes one with
 * `update … set seats_taken = seats_taken + 1 where seats_taken < capacity`, last in its
 * transaction, so the row's lock is held only to the commit and N parallel bookings of K free
 * seats give exactly K. The check `seats_taken <= capacity` holds whatever code runs. The
 * per-friend limit is the unique index on (friend, limit key) among seat-holding reservations.
 * Each booking, cancel and attendance runs the event's actions once (the one action model) and
 * queues its pushes with keys, so a retry never sends twice.
 */
export interface SeatDeps {
  db: Database;
  pushes: PushQueue;
  actions: ActionDeps;
  /** The console's public origin (PUBLIC_ORIGIN) for links in messages; '' for none. */
  origin: string;
  clock: () => Date;
}

export type BookingSource = 'member' | 'staff' | 'waitlist';

const HOLDING: readonly string[] = EVENT_SEAT_HOLDING_STATES;
export const isHolding = (state: string) => HOLDING.includes(state);

export function limitKeyOf(event: EventRow, slotId: number): string | null {
  if (event.bookingLimit === 'per_event') return `e${event.id}`;
  if (event.bookingLimit === 'per_slot') return `s${slotId}`;
  return null;
}

const newCheckinCode = () => randomBytes(12).toString('base64url');

export function createSeats(deps: SeatDeps) {
  const { db, pushes } = deps;

  const pageUrl = (event: EventRow, offerId?: number) =>
    deps.origin
      ? `${deps.origin}/e/${event.publicKey}${offerId === undefined ? '' : `?offer=${offerId}`}`
      : '';

  async function textContext(
    tx: Executor,
    event: EventRow,
    slot: SlotRow,
    memberId: number,
    offerId?: number,
  ): Promise<EventTextContext> {
    const [friend] = await tx
      .select({ name: members.displayName })
      .from(members)
      .where(eq(members.id, memberId));
    return {
      title: event.title,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      place: slot.place || event.place,
      onlineUrl: event.onlineUrl,
      friendName: friend?.name ?? '',
      pageUrl: pageUrl(event, offerId),
    };
  }

  async function runEventActions(
    tx: Executor,
    event: EventRow,
    memberId: number,
    cause: string,
    actions: unknown,
  ) {
    const list = actions as Action[];
    if (list.length === 0) return;
    await runActions(tx, deps.actions, {
      accountId: event.accountId,
      memberId,
      cause,
      actions: list,
      now: deps.clock(),
    });
  }

  /** Reminder jobs of a new booking: one per reminder still to come (decision 0312). */
  async function scheduleReminders(tx: Executor, event: EventRow, slot: SlotRow, id: number) {
    const jobs = remindersToSchedule(remindersOf(event), slot.startsAt, deps.clock());
    if (jobs.length === 0) return;
    await tx
      .insert(eventReminderJobs)
      .values(
        jobs.map((job) => ({
          accountId: event.accountId,
          reservationId: id,
          reminderKey: job.key,
          dueAt: job.dueAt,
        })),
      )
      .onConflictDoNothing();
  }

  /** What every new reservation does after its row: confirmation, reminders, actions. */
  async function afterBooked(
    tx: Executor,
    event: EventRow,
    slot: SlotRow,
    id: number,
    memberId: number,
  ) {
    // The friends log (decision 0360), in the booking's transaction.
    await recordFriendEvent(tx, {
      memberId,
      kind: 'event_booked',
      refId: event.id,
      detail: slotLabel(slot.startsAt),
    });
    const context = await textContext(tx, event, slot, memberId);
    await pushes.enqueue(
      tx,
      event.accountId,
      memberId,
      [textMessage(confirmationText(event.confirmationText, context))],
      `event-booked:${id}`,
    );
    await scheduleReminders(tx, event, slot, id);
    await runEventActions(tx, event, memberId, `event-book:${id}`, event.actionsOnBooking);
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
        const id = row!.id;
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

  /**
   * A freed seat of the slot: offered to the first waiting friend (the seat stays taken, held by
   * the offer) while the slot still takes bookings, else given back. The slot row is locked
   * first, so offers and releases of one slot go one at a time.
   */
  async function passSeat(tx: Executor, event: EventRow, slotId: number, offerOpen: boolean) {
    const [slot] = await tx
      .select()
      .from(eventSlots)
      .where(eq(eventSlots.id, slotId))
      .for('update');
    if (!slot) return;
    if (offerOpen && event.waitlistEnabled) {
      const [next] = await tx
        .select()
        .from(eventWaitlist)
        .where(and(eq(eventWaitlist.slotId, slotId), eq(eventWaitlist.state, 'waiting')))
        .orderBy(asc(eventWaitlist.id))
        .limit(1)
        .for('update');
      if (next) {
        const now = deps.clock();
        const expiresAt = new Date(now.getTime() + event.waitlistOfferHours * 3_600_000);
        await tx
          .update(eventWaitlist)
          .set({ state: 'offered', offeredAt: now, offerExpiresAt: expiresAt })
          .where(eq(eventWaitlist.id, next.id));
        const context = await textContext(tx, event, slot, next.memberId, next.id);
        await pushes.enqueue(
          tx,
          event.accountId,
          next.memberId,
          [textMessage(offerText(context, expiresAt))],
          `event-offer:${next.id}`,
        );
        return;
      }
    }
    await tx
      .update(eventSlots)
      .set({ seatsTaken: sql`${eventSlots.seatsTaken} - 1` })
      .where(eq(eventSlots.id, slotId));
  }

  /**
   * Cancels a seat-holding reservation (本人, 店 or 連絡あり): the seat passes to the waitlist
   * or is freed, pending reminders are dropped, the cancel actions run. 409 when it no longer
   * holds a seat (a parallel cancel won).
   */
  async function cancel(
    tx: Executor,
    event: EventRow,
    reservationId: number,
    state: Extract<EventReservationState, `cancelled_${string}`>,
    offerOpen: boolean,
  ) {
    const [row] = await tx
      .update(eventReservations)
      .set({ state, cancelledAt: deps.clock() })
      .where(
        and(
          eq(eventReservations.id, reservationId),
          inArray(eventReservations.state, [...HOLDING]),
        ),
      )
      .returning();
    if (!row) throw new ConflictError(EVENT_MESSAGES.alreadyCancelled);
    await tx
      .update(eventReminderJobs)
      .set({ state: 'dropped' })
      .where(
        and(
          eq(eventReminderJobs.reservationId, reservationId),
          eq(eventReminderJobs.state, 'pending'),
        ),
      );
    await passSeat(tx, event, row.slotId, offerOpen);
    await runEventActions(tx, event, row.memberId, `event-cancel:${row.id}`, event.actionsOnCancel);
    return row;
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
        const [row] = await tx
          .insert(eventReservations)
          .values({
            accountId: event.accountId,
            eventId: event.id,
            slotId: slot.id,
            memberId,
            source: 'waitlist',
            limitKey: limitKeyOf(event, slot.id),
            answers: checked.snapshot,
            checkinCode: newCheckinCode(),
            bookedAt: deps.clock(),
          })
          .returning({ id: eventReservations.id });
        await tx
          .update(eventWaitlist)
          .set({ reservationId: row!.id })
          .where(eq(eventWaitlist.id, entryId));
        await saveAnswers(tx, memberId, checked);
        await afterBooked(tx, event, slot, row!.id, memberId);
        return row!.id;
      });
    } catch (error) {
      return limitConflict(error, event, slot);
    }
  }

  /** Leaves the waitlist; an offer declined passes its seat on. */
  async function leave(event: EventRow, entryId: number, memberId: number, offerOpen: boolean) {
    await db.transaction(async (tx) => {
      const [entry] = await tx
        .select()
        .from(eventWaitlist)
        .where(and(eq(eventWaitlist.id, entryId), eq(eventWaitlist.memberId, memberId)))
        .for('update');
      if (!entry || !['waiting', 'offered'].includes(entry.state))
        throw new NotFoundError(EVENT_MESSAGES.waitlistNotFound);
      await tx.update(eventWaitlist).set({ state: 'left' }).where(eq(eventWaitlist.id, entryId));
      if (entry.state === 'offered') await passSeat(tx, event, entry.slotId, offerOpen);
    });
  }

  /** Marks attendance states; 出席 runs the attendance actions once. */
  async function markAttendance(
    tx: Executor,
    event: EventRow,
    reservationId: number,
    state: 'booked' | 'attended' | 'absent',
  ) {
    const [before] = await tx
      .select({ attendedAt: eventReservations.attendedAt })
      .from(eventReservations)
      .where(eq(eventReservations.id, reservationId))
      .for('update');
    const [row] = await tx
      .update(eventReservations)
      .set({
        state,
        attendedAt:
          state === 'attended' ? sql`coalesce(${eventReservations.attendedAt}, now())` : null,
      })
      .where(
        and(
          eq(eventReservations.id, reservationId),
          inArray(eventReservations.state, [...HOLDING]),
        ),
      )
      .returning();
    if (!row) throw new ConflictError(EVENT_MESSAGES.alreadyCancelled);
    // The friends log (decision 0360): the first 出席 only (a re-mark keeps its time).
    if (state === 'attended' && !before?.attendedAt)
      await recordFriendEvent(tx, {
        memberId: row.memberId,
        kind: 'event_attended',
        refId: event.id,
        at: row.attendedAt ?? undefined,
      });
    if (state === 'attended')
      await runEventActions(
        tx,
        event,
        row.memberId,
        `event-attend:${row.id}`,
        event.actionsOnAttendance,
      );
    return row;
  }

  return { book, cancel, restore, accept, leave, markAttendance, passSeat, pageUrl };
}

export type Seats = ReturnType<typeof createSeats>;
