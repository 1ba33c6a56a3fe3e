import { EVENT_MESSAGES, type EventReservationState } from '@tsunagu/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  eventReminderJobs,
  eventReservations,
  eventSlots,
  eventWaitlist,
} from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { textMessage } from '../line-push/index.js';
import type { BookingEffects } from './booking-effects.js';
import { HOLDING } from './seat-states.js';
import type { SeatDeps } from './seat-deps.js';
import { offerText } from './texts.js';
import type { EventRow } from './views.js';

/**
 * Seats given up (decision 0311): a cancel, a waitlist entry left, an offer declined or expired —
 * the seat passes to the first waiting friend or goes back to the slot.
 */
export function createSeatRelease(deps: SeatDeps, effects: BookingEffects) {
  const { db, pushes } = deps;
  const { textContext, runEventActions } = effects;

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

  return { passSeat, cancel, leave };
}
