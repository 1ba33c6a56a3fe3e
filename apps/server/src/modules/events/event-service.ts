import { randomBytes } from 'node:crypto';
import {
  EVENT_LIMITS,
  EVENT_MESSAGES,
  EVENT_STATE_LABELS,
  type EventInputParsed,
  type EventListItem,
  type EventState,
  type EventSlotInput,
  type eventSlotInputSchema,
} from '@tsunagu/contracts';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { eventReservations, events, eventSlots } from '../../db/schema/index.js';
import type { Database, Executor } from '../../db/types.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { toTokyoIso, tokyoInstant } from '../../lib/tokyo-time.js';
import { resyncReminders } from './reminder-jobs.js';
import * as repository from './repository.js';
import { noticeSlotChange, slotMoved, type SlotChangeNotice } from './slot-change.js';
import { tokyoParts } from './slot-times.js';
import { eventView, slotView, type EventRow } from './views.js';

const newPublicKey = () => randomBytes(12).toString('base64url');

function columnsOf(input: EventInputParsed) {
  return {
    adminName: input.admin_name,
    title: input.title,
    description: input.description,
    imageUrl: input.image_url,
    place: input.place,
    onlineUrl: input.online_url,
    folder: input.folder,
    state: input.state,
    bookingLimit: input.booking_limit,
    questions: input.questions,
    actionsOnBooking: input.actions_on_booking,
    actionsOnCancel: input.actions_on_cancel,
    actionsOnAttendance: input.actions_on_attendance,
    confirmationText: input.confirmation_text,
    reminders: input.reminders,
    defaultCloseHour: input.default_close_hour,
    waitlistEnabled: input.waitlist_enabled,
    waitlistOfferHours: input.waitlist_offer_hours,
  };
}

type SlotInput = ReturnType<typeof eventSlotInputSchema.parse>;
const slotColumns = (input: SlotInput) => ({
  startsAt: new Date(input.starts_at),
  endsAt: new Date(input.ends_at),
  capacity: input.capacity,
  place: input.place,
  opensAt: input.opens_at ? new Date(input.opens_at) : null,
  closesAt: input.closes_at ? new Date(input.closes_at) : null,
  cancelDeadlineAt: input.cancel_deadline_at ? new Date(input.cancel_deadline_at) : null,
});

/**
 * Events and their slots for the console (issue 27, decision 0310): the EventList, an event's
 * settings and state, copies, and slots with their seats. Every read and write is within the
 * operator's account.
 */
export function createEventService(deps: {
  db: Database;
  clock?: () => Date;
  /** Pushes to booked friends when a slot moves; without it a move tells nobody. */
  slotChangeNotice?: SlotChangeNotice;
}) {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function eventOf(executor: Executor, accountId: number, id: number): Promise<EventRow> {
    const event = await repository.findEvent(executor, accountId, id);
    if (!event) throw new NotFoundError(EVENT_MESSAGES.eventNotFound);
    return event;
  }

  async function slotsView(executor: Executor, event: EventRow) {
    const slots = await repository.slotsOf(executor, [event.id]);
    const counts = await repository.slotCounts(executor, [event.id]);
    return slots.map((slot) =>
      slotView(slot, event.defaultCloseHour, repository.countsOf(counts, slot.id)),
    );
  }

  async function slotCount(executor: Executor, eventId: number) {
    const [row] = await executor
      .select({ n: count() })
      .from(eventSlots)
      .where(eq(eventSlots.eventId, eventId));
    return row?.n ?? 0;
  }

  return {
    eventOf,
    slotsView,

    async list(
      accountId: number,
      query: { folder?: string | undefined; state?: EventState | undefined },
    ) {
      const rows = await db
        .select()
        .from(events)
        .where(
          and(
            eq(events.accountId, accountId),
            query.folder === undefined ? undefined : eq(events.folder, query.folder),
            query.state === undefined ? undefined : eq(events.state, query.state),
          ),
        )
        .orderBy(desc(events.id));
      const ids = rows.map((row) => row.id);
      const slots = await repository.slotsOf(db, ids);
      const counts = await repository.slotCounts(db, ids);
      const now = clock();
      const list: EventListItem[] = rows.map((event) => {
        const own = slots.filter((slot) => slot.eventId === event.id);
        const next = own.find((slot) => slot.startsAt >= now);
        const items = own.map((slot) => ({
          id: slot.id,
          starts_at: toTokyoIso(slot.startsAt),
          date: tokyoParts(slot.startsAt).date,
          from: tokyoParts(slot.startsAt).time,
          booked: repository.countsOf(counts, slot.id).booked,
          capacity: slot.capacity,
        }));
        return {
          id: event.id,
          public_key: event.publicKey,
          admin_name: event.adminName,
          title: event.title,
          folder: event.folder,
          state: event.state as EventState,
          state_name: EVENT_STATE_LABELS[event.state as EventState],
          next_starts_at: next ? toTokyoIso(next.startsAt) : '',
          slots: items,
          booked: items.reduce((sum, slot) => sum + slot.booked, 0),
          capacity: items.reduce((sum, slot) => sum + slot.capacity, 0),
          updated_at: toTokyoIso(event.updatedAt),
        };
      });
      const folders = await db
        .selectDistinct({ folder: events.folder })
        .from(events)
        .where(and(eq(events.accountId, accountId), sql`${events.folder} <> ''`))
        .orderBy(asc(events.folder));
      return { events: list, folders: folders.map((row) => row.folder) };
    },

    async create(accountId: number, input: EventInputParsed) {
      const [row] = await db
        .insert(events)
        .values({ accountId, publicKey: newPublicKey(), ...columnsOf(input) })
        .returning({ id: events.id, publicKey: events.publicKey });
      return { status: true as const, id: row!.id, public_key: row!.publicKey };
    },

    async get(accountId: number, id: number) {
      return eventView(await eventOf(db, accountId, id));
    },

    /** The whole event; reminders of existing bookings follow the new settings. */
    async update(accountId: number, id: number, input: EventInputParsed) {
      return db.transaction(async (tx) => {
        await eventOf(tx, accountId, id);
        const [row] = await tx
          .update(events)
          .set({ ...columnsOf(input), updatedAt: clock() })
          .where(and(eq(events.accountId, accountId), eq(events.id, id)))
          .returning();
        await resyncReminders(tx, row!, clock());
        return eventView(row!);
      });
    },

    async setState(accountId: number, id: number, state: EventState) {
      await eventOf(db, accountId, id);
      const [row] = await db
        .update(events)
        .set({ state, updatedAt: clock() })
        .where(and(eq(events.accountId, accountId), eq(events.id, id)))
        .returning();
      return eventView(row!);
    },

    /** A 下書き copy with the same settings and slots, no bookings. */
    async copy(accountId: number, id: number) {
      return db.transaction(async (tx) => {
        const source = await eventOf(tx, accountId, id);
        const {
          id: _id,
          publicKey: _key,
          createdAt: _created,
          updatedAt: _updated,
          ...rest
        } = source;
        const [row] = await tx
          .insert(events)
          .values({
            ...rest,
            publicKey: newPublicKey(),
            adminName: `${source.adminName}のコピー`.slice(0, EVENT_LIMITS.adminNameMax),
            state: 'draft',
          })
          .returning({ id: events.id, publicKey: events.publicKey });
        const slots = await repository.slotsOf(tx, [id]);
        if (slots.length > 0)
          await tx.insert(eventSlots).values(
            slots.map(({ id: _slot, createdAt: _at, seatsTaken: _taken, ...slot }) => ({
              ...slot,
              eventId: row!.id,
            })),
          );
        return { status: true as const, id: row!.id, public_key: row!.publicKey };
      });
    },

    async remove(accountId: number, id: number) {
      await db.transaction(async (tx) => {
        await eventOf(tx, accountId, id);
        const [used] = await tx
          .select({ n: count() })
          .from(eventReservations)
          .where(eq(eventReservations.eventId, id));
        if ((used?.n ?? 0) > 0) throw new ConflictError(EVENT_MESSAGES.eventHasReservations);
        await tx.delete(events).where(and(eq(events.accountId, accountId), eq(events.id, id)));
      });
      return { status: true as const };
    },

    async addSlot(accountId: number, id: number, input: SlotInput) {
      return db.transaction(async (tx) => {
        const event = await eventOf(tx, accountId, id);
        // One at a time per event, so the count below cannot be passed by parallel adds.
        await tx.select({ id: events.id }).from(events).where(eq(events.id, id)).for('update');
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
        await tx.select({ id: events.id }).from(events).where(eq(events.id, id)).for('update');
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

export type EventService = ReturnType<typeof createEventService>;
export type { EventSlotInput };
