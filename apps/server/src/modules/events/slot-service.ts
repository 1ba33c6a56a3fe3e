import { EVENT_LIMITS, EVENT_MESSAGES } from '@tsunagu/contracts';
import { and, count, eq } from 'drizzle-orm';
import { eventReservations, events, eventSlots } from '../../db/schema/index.js';
import type { Database, Executor } from '../../db/types.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { tokyoInstant } from '../../lib/tokyo-time.js';
import { slotColumns, type SlotInput } from './event-columns.js';
import { eventOf } from './event-lookup.js';
import { resyncReminders } from './reminder-jobs.js';
import * as repository from './repository.js';
import { noticeSlotChange, slotMoved, type SlotChangeNotice } from './slot-change.js';
import { tokyoParts } from './slot-times.js';
import { slotView } from './views.js';

async function slotCount(executor: Executor, eventId: number) {
  const [row] = await executor
    .select({ n: count() })
    .from(eventSlots)
    .where(eq(eventSlots.eventId, eventId));
  return row?.n ?? 0;
}

/** One slot add or copy at a time per event, so the slot count cannot be passed by parallel adds. */
const lockEvent = (executor: Executor, id: number) =>
  executor.select({ id: events.id }).from(events).where(eq(events.id, id)).for('update');

/**
 * An event's slots in the console (issue 27): added, edited, removed and copied to other dates,
 * within the operator's account.
 */
export function createSlotService(deps: {
  db: Database;
  clock: () => Date;
  slotChangeNotice?: SlotChangeNotice | undefined;
}) {
  const { db, clock } = deps;
  return {
    async addSlot(accountId: number, id: number, input: SlotInput) {
      return db.transaction(async (tx) => {
        const event = await eventOf(tx, accountId, id);
        await lockEvent(tx, id);
        if ((await slotCount(tx, id)) >= EVENT_LIMITS.slotsPerEventMax)
          throw new ConflictError(EVENT_MESSAGES.tooManySlots);
        const [slot] = await tx
          .insert(eventSlots)
          .values({ accountId, eventId: id, ...slotColumns(input) })
          .returning();
        return slotView(slot!, event.defaultCloseHour, { booked: 0, waitlisted: 0 });
      });
    },

    /**
     * Edits a slot; the capacity cannot go below the seats taken (409). A new date, time or place
     * re-times the bookings' pending reminders and tells each booked friend by LINE.
     */
    async updateSlot(accountId: number, id: number, slotId: number, input: SlotInput) {
      return db.transaction(async (tx) => {
        const event = await eventOf(tx, accountId, id);
        const slot = await repository.findSlot(tx, id, slotId, true);
        if (!slot) throw new NotFoundError(EVENT_MESSAGES.slotNotFound);
        if (input.capacity < slot.seatsTaken)
          throw new ConflictError(EVENT_MESSAGES.capacityBelowBooked(slot.seatsTaken));
        const [row] = await tx
          .update(eventSlots)
          .set(slotColumns(input))
          .where(eq(eventSlots.id, slotId))
          .returning();
        const now = clock();
        // Pending reminders follow the new time; the booked friends hear of the move (decision 0380).
        await resyncReminders(tx, event, now);
        if (deps.slotChangeNotice && slotMoved(slot, row!))
          await noticeSlotChange(tx, deps.slotChangeNotice, event, slot, row!, now);
        const counts = await repository.slotCounts(tx, [id]);
        return slotView(row!, event.defaultCloseHour, repository.countsOf(counts, slotId));
      });
    },

    async removeSlot(accountId: number, id: number, slotId: number) {
      await db.transaction(async (tx) => {
        await eventOf(tx, accountId, id);
        const slot = await repository.findSlot(tx, id, slotId, true);
        if (!slot) throw new NotFoundError(EVENT_MESSAGES.slotNotFound);
        const [held] = await tx
          .select({ n: count() })
          .from(eventReservations)
          .where(and(eq(eventReservations.slotId, slotId), repository.seatHolding));
        if (slot.seatsTaken > 0 || (held?.n ?? 0) > 0)
          throw new ConflictError(EVENT_MESSAGES.slotHasReservations);
        await tx.delete(eventSlots).where(eq(eventSlots.id, slotId));
      });
      return { status: true as const };
    },

    /** The slot's times and settings on each date (Tokyo wall clock kept). */
    async copySlot(accountId: number, id: number, slotId: number, dates: string[]) {
      return db.transaction(async (tx) => {
        await eventOf(tx, accountId, id);
        await lockEvent(tx, id);
        const slot = await repository.findSlot(tx, id, slotId);
        if (!slot) throw new NotFoundError(EVENT_MESSAGES.slotNotFound);
        if ((await slotCount(tx, id)) + dates.length > EVENT_LIMITS.slotsPerEventMax)
          throw new ConflictError(EVENT_MESSAGES.tooManySlots);
        const startDate = tokyoParts(slot.startsAt).date;
        const shift = (instant: Date | null, date: string) => {
          if (!instant) return null;
          const days =
            (Date.parse(`${date}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000;
          return new Date(instant.getTime() + days * 86_400_000);
        };
        const rows = dates.map((date) => ({
          accountId,
          eventId: id,
          startsAt: tokyoInstant(date, `${tokyoParts(slot.startsAt).time}:00`),
          endsAt: shift(slot.endsAt, date)!,
          capacity: slot.capacity,
          place: slot.place,
          opensAt: shift(slot.opensAt, date),
          closesAt: shift(slot.closesAt, date),
          cancelDeadlineAt: shift(slot.cancelDeadlineAt, date),
        }));
        const inserted = await tx.insert(eventSlots).values(rows).returning({ id: eventSlots.id });
        return { status: true as const, ids: inserted.map((row) => row.id) };
      });
    },
  };
}
