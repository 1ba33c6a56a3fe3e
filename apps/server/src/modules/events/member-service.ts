import {
  EVENT_SEAT_HOLDING_STATES,
  EVENT_MESSAGES,
  EVENT_RESERVATION_STATE_LABELS,
  EVENT_SEAT_LABEL_TEXT,
  EVENT_STATE_LABELS,
  EVENT_WAITLIST_STATE_LABELS,
  PUBLIC_KEY_PATTERN,
  seatLabelOf,
  type EventReservationState,
  type EventState,
  type EventWaitlistState,
  type PublicEvent,
  type VarValue,
} from '@tsunagu/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { eventReservations, eventSlots, eventWaitlist } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { isViolationOf } from '../../lib/db-errors.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { toTokyoIso, toTokyoIsoOrNull } from '../../lib/tokyo-time.js';
import { checkAnswers, questionFields } from './answers.js';
import * as repository from './repository.js';
import { isHolding, limitKeyOf, type Seats } from './seats.js';
import {
  bookingWindowRefusal,
  effectiveCancelDeadline,
  effectiveClose,
  slotLabel,
  tokyoParts,
} from './slot-times.js';
import { questionsOf, type EventRow, type SlotRow } from './views.js';

const WINDOW_TEXT = {
  not_yet: '受付開始前です',
  closed: '受付を終了しました',
} as const;

/**
 * The friend's side of an event (`/e/{publicKey}`, decision 0310): the event and its slots
 * with seats left (readable before sign-in; a 下書き is not found), booking with the questions'
 * answers, my bookings with the place and QR code, cancel before the deadline, and the waitlist.
 */
export function createEventMemberService(deps: { db: Database; seats: Seats; clock: () => Date }) {
  const { db, seats } = deps;

  async function eventOfKey(publicKey: string): Promise<EventRow> {
    const event = PUBLIC_KEY_PATTERN.test(publicKey)
      ? await repository.findEventByKey(db, publicKey)
      : undefined;
    if (!event || event.state === 'draft') throw new NotFoundError(EVENT_MESSAGES.eventNotFound);
    return event;
  }

  async function slotOf(event: EventRow, slotId: number): Promise<SlotRow> {
    const slot = await repository.findSlot(db, event.id, slotId);
    if (!slot) throw new NotFoundError(EVENT_MESSAGES.slotNotFound);
    return slot;
  }

  /** Why this slot takes no booking now ('' when it does). */
  function refusalOf(event: EventRow, slot: SlotRow): string {
    if (event.state !== 'open') return EVENT_MESSAGES.notOpen;
    const window = bookingWindowRefusal(slot, event.defaultCloseHour, deps.clock());
    return window ? WINDOW_TEXT[window] : '';
  }

  function assertBookable(event: EventRow, slot: SlotRow) {
    if (event.state !== 'open') throw new ConflictError(EVENT_MESSAGES.notOpen);
    if (bookingWindowRefusal(slot, event.defaultCloseHour, deps.clock()))
      throw new ConflictError(EVENT_MESSAGES.slotNotBookable(slotLabel(slot.startsAt)));
  }

  return {
    eventOfKey,

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
        slots: slots.map((slot) => {
          const refusal = refusalOf(event, slot);
          const seatsLeft = Math.max(0, slot.capacity - slot.seatsTaken);
          const label = seatLabelOf(seatsLeft, slot.capacity, refusal === '');
          const start = tokyoParts(slot.startsAt);
          return {
            id: slot.id,
            starts_at: toTokyoIso(slot.startsAt),
            ends_at: toTokyoIso(slot.endsAt),
            date: start.date,
            from: start.time,
            to: tokyoParts(slot.endsAt).time,
            capacity: slot.capacity,
            seats_left: seatsLeft,
            seat_label: label,
            seat_label_text: EVENT_SEAT_LABEL_TEXT[label],
            bookable: refusal === '' && seatsLeft > 0,
            refusal,
            waitlist_open: event.waitlistEnabled && refusal === '' && seatsLeft === 0,
            effective_closes_at: toTokyoIso(effectiveClose(slot, event.defaultCloseHour)),
            effective_cancel_deadline_at: toTokyoIso(
              effectiveCancelDeadline(slot, event.defaultCloseHour),
            ),
          };
        }),
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
        reservations: reservations.map((row) => {
          const slot = slots.get(row.slotId)!;
          const start = tokyoParts(slot.startsAt);
          const deadline = effectiveCancelDeadline(slot, event.defaultCloseHour);
          const holding = row.state === 'booked';
          const refusal = !holding
            ? ''
            : now >= deadline
              ? EVENT_MESSAGES.cancelClosed(slotLabel(slot.startsAt))
              : '';
          const state = row.state as EventReservationState;
          return {
            id: row.id,
            slot_id: row.slotId,
            starts_at: toTokyoIso(slot.startsAt),
            ends_at: toTokyoIso(slot.endsAt),
            date: start.date,
            from: start.time,
            to: tokyoParts(slot.endsAt).time,
            place: isHolding(row.state) ? slot.place || event.place : '',
            online_url: isHolding(row.state) ? event.onlineUrl : '',
            state,
            state_name: EVENT_RESERVATION_STATE_LABELS[state],
            checkin_code: isHolding(row.state) ? row.checkinCode : '',
            can_cancel: holding && now < deadline,
            refusal,
          };
        }),
        waitlist: waitlistRows
          .filter((entry) => entry.row.memberId === memberId)
          .map(({ row }) => {
            const slot = slots.get(row.slotId)!;
            const state = row.state as EventWaitlistState;
            return {
              id: row.id,
              slot_id: row.slotId,
              starts_at: toTokyoIso(slot.startsAt),
              date: tokyoParts(slot.startsAt).date,
              from: tokyoParts(slot.startsAt).time,
              position: positions.get(row.id) ?? 0,
              state,
              state_name: EVENT_WAITLIST_STATE_LABELS[state],
              offer_expires_at: toTokyoIsoOrNull(row.offerExpiresAt),
            };
          }),
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

    async joinWaitlist(
      publicKey: string,
      slotId: number,
      memberId: number,
      answers: Record<string, VarValue>,
    ) {
      const event = await eventOfKey(publicKey);
      const slot = await slotOf(event, slotId);
      if (!event.waitlistEnabled) throw new ConflictError(EVENT_MESSAGES.waitlistOff);
      assertBookable(event, slot);
      if (slot.seatsTaken < slot.capacity)
        throw new ConflictError(EVENT_MESSAGES.waitlistNotFull(slotLabel(slot.startsAt)));
      // Checked now, so the friend is told at once; checked again when they accept.
      await checkAnswers(db, event.accountId, questionsOf(event), answers);
      // A friend whose booking limit is used (once per event: any slot) could never accept the
      // seat, so they are told now, not when it is offered.
      const limitKey = limitKeyOf(event, slotId);
      const [booked] = await db
        .select({ id: eventReservations.id })
        .from(eventReservations)
        .where(
          and(
            eq(eventReservations.memberId, memberId),
            limitKey === null
              ? eq(eventReservations.slotId, slotId)
              : eq(eventReservations.limitKey, limitKey),
            inArray(eventReservations.state, [...EVENT_SEAT_HOLDING_STATES]),
          ),
        );
      if (booked)
        throw new ConflictError(
          event.bookingLimit === 'per_event'
            ? EVENT_MESSAGES.alreadyBookedEvent
            : EVENT_MESSAGES.alreadyBookedSlot(slotLabel(slot.startsAt)),
        );
      try {
        const [row] = await db
          .insert(eventWaitlist)
          .values({ accountId: event.accountId, eventId: event.id, slotId, memberId, answers })
          .returning({ id: eventWaitlist.id });
        const positions = repository.waitingPositions(
          await repository.waitlistOf(db, event.id, slotId),
        );
        return { status: true as const, id: row!.id, position: positions.get(row!.id) ?? 0 };
      } catch (error) {
        if (isViolationOf(error, '23505', 'event_waitlist_once'))
          throw new ConflictError(EVENT_MESSAGES.alreadyWaiting(slotLabel(slot.startsAt)));
        throw error;
      }
    },

    async accept(publicKey: string, entryId: number, memberId: number) {
      const event = await eventOfKey(publicKey);
      const [entry] = await db
        .select({ slotId: eventWaitlist.slotId })
        .from(eventWaitlist)
        .where(and(eq(eventWaitlist.eventId, event.id), eq(eventWaitlist.id, entryId)));
      if (!entry) throw new NotFoundError(EVENT_MESSAGES.waitlistNotFound);
      const slot = await slotOf(event, entry.slotId);
      const id = await seats.accept(event, slot, entryId, memberId);
      return {
        status: true as const,
        id,
        state: 'booked' as const,
        state_name: EVENT_RESERVATION_STATE_LABELS.booked,
      };
    },

    async leave(publicKey: string, entryId: number, memberId: number) {
      const event = await eventOfKey(publicKey);
      const [entry] = await db
        .select({ slotId: eventWaitlist.slotId })
        .from(eventWaitlist)
        .where(and(eq(eventWaitlist.eventId, event.id), eq(eventWaitlist.id, entryId)));
      if (!entry) throw new NotFoundError(EVENT_MESSAGES.waitlistNotFound);
      const [slot] = await db.select().from(eventSlots).where(eq(eventSlots.id, entry.slotId));
      await seats.leave(event, entryId, memberId, refusalOf(event, slot!) === '');
      return { status: true as const };
    },
  };
}

export type EventMemberService = ReturnType<typeof createEventMemberService>;
