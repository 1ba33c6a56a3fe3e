import {
  EVENT_LIMITS,
  EVENT_MESSAGES,
  type EventInputParsed,
  type EventState,
  type EventSlotInput,
} from '@tsunagu/contracts';
import { and, count, eq } from 'drizzle-orm';
import { eventReservations, events, eventSlots } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { ConflictError } from '../../lib/errors.js';
import { columnsOf, newPublicKey } from './event-columns.js';
import { listEvents, type EventListQuery } from './event-list.js';
import { eventOf, slotsView } from './event-lookup.js';
import { resyncReminders } from './reminder-jobs.js';
import * as repository from './repository.js';
import type { SlotChangeNotice } from './slot-change.js';
import { createSlotService } from './slot-service.js';
import { eventView } from './views.js';

/**
 * Events and their slots for the console (issue 27, decision 0310): the EventList, an event's
 * settings and state, copies, and slots with their seats (slot-service.ts). Every read and
 * write is within the operator's account.
 */
export function createEventService(deps: {
  db: Database;
  clock?: () => Date;
  /** Pushes to booked friends when a slot moves; without it a move tells nobody. */
  slotChangeNotice?: SlotChangeNotice;
}) {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());

  return {
    eventOf,
    slotsView,
    ...createSlotService({ db, clock, slotChangeNotice: deps.slotChangeNotice }),

    list: (accountId: number, query: EventListQuery) => listEvents(db, accountId, query, clock()),

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
  };
}

export type EventService = ReturnType<typeof createEventService>;
export type { EventSlotInput };
