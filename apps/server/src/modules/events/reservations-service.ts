import { EVENT_MESSAGES, type EventReservationState, type VarValue } from '@tsunagu/contracts';
import { and, eq } from 'drizzle-orm';
import { eventReservations } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { NotFoundError } from '../../lib/errors.js';
import { questionFields } from './answers.js';
import type { EventService } from './event-service.js';
import * as repository from './repository.js';
import { isHolding, type Seats } from './seats.js';
import { bookingWindowRefusal } from './slot-times.js';
import { questionsOf, reservationView, waitlistView, type EventRow } from './views.js';

/**
 * An event's reservations for the console (`{id}/list`, decision 0310): who booked which slot,
 * their answers and state; staff book for a friend (capacity and the friend's limit still hold),
 * mark attendance in one tap or by the booking's QR code, and cancel for the shop.
 */
export function createEventReservationsService(deps: {
  db: Database;
  events: EventService;
  seats: Seats;
  clock: () => Date;
}) {
  const { db, seats } = deps;

  async function one(event: EventRow, reservationId: number) {
    const rows = await repository.reservationsOf(db, event.id);
    const found = rows.find((row) => row.row.id === reservationId);
    if (!found) throw new NotFoundError(EVENT_MESSAGES.reservationNotFound);
    return {
      status: true as const,
      reservation: reservationView(found.row, { name: found.name, pictureUrl: found.pictureUrl }),
    };
  }

  const offerOpen = (event: EventRow, slot: Parameters<typeof bookingWindowRefusal>[0]) =>
    event.state === 'open' &&
    bookingWindowRefusal(slot, event.defaultCloseHour, deps.clock()) === null;

  async function reservationOf(event: EventRow, reservationId: number) {
    const [row] = await db
      .select()
      .from(eventReservations)
      .where(and(eq(eventReservations.eventId, event.id), eq(eventReservations.id, reservationId)));
    if (!row) throw new NotFoundError(EVENT_MESSAGES.reservationNotFound);
    return row;
  }

  return {
    async list(accountId: number, id: number, slotId?: number) {
      const event = await deps.events.eventOf(db, accountId, id);
      const slots = await deps.events.slotsView(db, event);
      const reservations = await repository.reservationsOf(db, id, slotId);
      const waitlist = await repository.waitlistOf(db, id, slotId);
      const positions = repository.waitingPositions(await repository.waitlistOf(db, id));
      return {
        event: {
          id: event.id,
          title: event.title,
          admin_name: event.adminName,
          questions: await questionFields(db, accountId, questionsOf(event)),
        },
        slots: slotId === undefined ? slots : slots.filter((slot) => slot.id === slotId),
        reservations: reservations.map((entry) =>
          reservationView(entry.row, { name: entry.name, pictureUrl: entry.pictureUrl }),
        ),
        waitlist: waitlist.map((entry) =>
          waitlistView(entry.row, entry.name, positions.get(entry.row.id) ?? 0),
        ),
      };
    },

    /** 代理予約: any state of the event, any time before the slot ends. */
    async add(
      accountId: number,
      id: number,
      input: { slot_id: number; friend_id: number; answers: Record<string, VarValue> },
    ) {
      const event = await deps.events.eventOf(db, accountId, id);
      const slot = await repository.findSlot(db, id, input.slot_id);
      if (!slot) throw new NotFoundError(EVENT_MESSAGES.slotNotFound);
      if (!(await repository.friendOfAccount(db, accountId, input.friend_id)))
        throw new NotFoundError(EVENT_MESSAGES.friendNotFound);
      const reservationId = await seats.book(event, slot, input.friend_id, 'staff', input.answers);
      return one(event, reservationId);
    },

    async setState(
      accountId: number,
      id: number,
      reservationId: number,
      state: EventReservationState,
    ) {
      const event = await deps.events.eventOf(db, accountId, id);
      const row = await reservationOf(event, reservationId);
      const slot = (await repository.findSlot(db, id, row.slotId))!;
      if (state === row.state) return one(event, reservationId);
      if (state === 'booked' || state === 'attended' || state === 'absent') {
        // A cancelled one takes a seat again (as 予約), then its attendance is set.
        if (!isHolding(row.state)) await seats.restore(event, slot, reservationId);
        if (state !== 'booked' || isHolding(row.state))
          await db.transaction((tx) => seats.markAttendance(tx, event, reservationId, state));
      } else if (isHolding(row.state)) {
        await db.transaction((tx) =>
          seats.cancel(tx, event, reservationId, state, offerOpen(event, slot)),
        );
      } else {
        // From one kind of cancel to another: the seat is free already.
        await db
          .update(eventReservations)
          .set({ state })
          .where(eq(eventReservations.id, reservationId));
      }
      return one(event, reservationId);
    },

    /** The QR code of a booking read at the door: 出席. */
    async checkin(accountId: number, id: number, code: string) {
      const event = await deps.events.eventOf(db, accountId, id);
      const [row] = await db
        .select()
        .from(eventReservations)
        .where(
          and(eq(eventReservations.eventId, event.id), eq(eventReservations.checkinCode, code)),
        );
      if (!row) throw new NotFoundError(EVENT_MESSAGES.checkinUnknown);
      if (row.state !== 'attended')
        await db.transaction((tx) => seats.markAttendance(tx, event, row.id, 'attended'));
      return one(event, row.id);
    },
  };
}

export type EventReservationsService = ReturnType<typeof createEventReservationsService>;
