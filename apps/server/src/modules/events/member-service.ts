import {
  EVENT_MESSAGES,
  EVENT_RESERVATION_STATE_LABELS,
  EVENT_STATE_LABELS,
  type EventState,
  type PublicEvent,
  type VarValue,
} from '@tsunagu/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { eventReservations } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { questionFields } from './answers.js';
import { createMemberLookup } from './member-lookup.js';
import { myReservationView, myWaitlistView, publicSlotView } from './member-views.js';
import { createMemberWaitlist } from './member-waitlist.js';
import * as repository from './repository.js';
import type { Seats } from './seats.js';
import { effectiveCancelDeadline, slotLabel } from './slot-times.js';
import { questionsOf } from './views.js';

/**
 * The friend's side of an event (`/e/{publicKey}`, decision 0310): the event and its slots
 * with seats left (readable before sign-in; a 下書き is not found), booking with the questions'
 * answers, my bookings with the place and QR code, cancel before the deadline, and the waitlist
 * (member-waitlist.ts).
 */
export function createEventMemberService(deps: { db: Database; seats: Seats; clock: () => Date }) {
  const { db, seats } = deps;
  const lookup = createMemberLookup({ db, clock: deps.clock });
  const { eventOfKey, slotOf, refusalOf, assertBookable } = lookup;

  return {
    eventOfKey,
    ...createMemberWaitlist({ db, seats, lookup }),

    async publicEvent(publicKey: string): Promise<PublicEvent> {
      const event = await eventOfKey(publicKey);
      const slots = (await repository.slotsOf(db, [event.id])).filter(
        (slot) => slot.endsAt > deps.clock(),
      );
      return {
        title: event.title,
        description: event.description,
        image_url: event.imageUrl,
        state: event.state as EventState,
        state_name: EVENT_STATE_LABELS[event.state as EventState],
        booking_limit: event.bookingLimit as PublicEvent['booking_limit'],
        questions: await questionFields(db, event.accountId, questionsOf(event)),
        waitlist_enabled: event.waitlistEnabled,
        slots: slots.map((slot) => publicSlotView(event, slot, refusalOf(event, slot))),
      };
    },

    async book(
      publicKey: string,
      slotId: number,
      memberId: number,
      answers: Record<string, VarValue>,
    ) {
      const event = await eventOfKey(publicKey);
      const slot = await slotOf(event, slotId);
      assertBookable(event, slot);
      const id = await seats.book(event, slot, memberId, 'member', answers);
      return {
        status: true as const,
        id,
        state: 'booked' as const,
        state_name: EVENT_RESERVATION_STATE_LABELS.booked,
      };
    },

    async my(publicKey: string, memberId: number) {
      const event = await eventOfKey(publicKey);
      const slots = new Map(
        (await repository.slotsOf(db, [event.id])).map((slot) => [slot.id, slot]),
      );
      const reservations = await db
        .select()
        .from(eventReservations)
        .where(
          and(eq(eventReservations.eventId, event.id), eq(eventReservations.memberId, memberId)),
        )
        .orderBy(asc(eventReservations.id));
      const waitlistRows = await repository.waitlistOf(db, event.id);
      const positions = repository.waitingPositions(waitlistRows);
      const now = deps.clock();
      return {
        reservations: reservations.map((row) =>
          myReservationView(event, slots.get(row.slotId)!, row, now),
        ),
        waitlist: waitlistRows
          .filter((entry) => entry.row.memberId === memberId)
          .map(({ row }) =>
            myWaitlistView(slots.get(row.slotId)!, row, positions.get(row.id) ?? 0),
          ),
      };
    },

    async cancel(publicKey: string, reservationId: number, memberId: number) {
      const event = await eventOfKey(publicKey);
      const [row] = await db
        .select()
        .from(eventReservations)
        .where(
          and(
            eq(eventReservations.eventId, event.id),
            eq(eventReservations.id, reservationId),
            eq(eventReservations.memberId, memberId),
          ),
        );
      if (!row) throw new NotFoundError(EVENT_MESSAGES.reservationNotFound);
      const slot = await slotOf(event, row.slotId);
      if (row.state !== 'booked') throw new ConflictError(EVENT_MESSAGES.alreadyCancelled);
      if (deps.clock() >= effectiveCancelDeadline(slot, event.defaultCloseHour))
        throw new ConflictError(EVENT_MESSAGES.cancelClosed(slotLabel(slot.startsAt)));
      const open = refusalOf(event, slot) === '';
      await db.transaction((tx) => seats.cancel(tx, event, row.id, 'cancelled_self', open));
      return { status: true as const, id: row.id, state: 'cancelled_self' as const };
    },
  };
}

export type EventMemberService = ReturnType<typeof createEventMemberService>;
