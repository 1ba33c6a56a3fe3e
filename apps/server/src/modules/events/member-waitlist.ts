import {
  EVENT_MESSAGES,
  EVENT_RESERVATION_STATE_LABELS,
  EVENT_SEAT_HOLDING_STATES,
  type VarValue,
} from '@tsunagu/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { eventReservations, eventSlots, eventWaitlist } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { isViolationOf } from '../../lib/db-errors.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { checkAnswers } from './answers.js';
import type { MemberLookup } from './member-lookup.js';
import * as repository from './repository.js';
import { limitKeyOf, type Seats } from './seats.js';
import { slotLabel } from './slot-times.js';
import { questionsOf, type EventRow } from './views.js';

/**
 * The friend's waitlist of a full slot (decision 0310): joining it, accepting the seat it
 * offers, and leaving it.
 */
export function createMemberWaitlist(deps: { db: Database; seats: Seats; lookup: MemberLookup }) {
  const { db, seats, lookup } = deps;

  async function entrySlotId(event: EventRow, entryId: number) {
    const [entry] = await db
      .select({ slotId: eventWaitlist.slotId })
      .from(eventWaitlist)
      .where(and(eq(eventWaitlist.eventId, event.id), eq(eventWaitlist.id, entryId)));
    if (!entry) throw new NotFoundError(EVENT_MESSAGES.waitlistNotFound);
    return entry.slotId;
  }

  return {
    async joinWaitlist(
      publicKey: string,
      slotId: number,
      memberId: number,
      answers: Record<string, VarValue>,
    ) {
      const event = await lookup.eventOfKey(publicKey);
      const slot = await lookup.slotOf(event, slotId);
      if (!event.waitlistEnabled) throw new ConflictError(EVENT_MESSAGES.waitlistOff);
      lookup.assertBookable(event, slot);
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
      const event = await lookup.eventOfKey(publicKey);
      const slot = await lookup.slotOf(event, await entrySlotId(event, entryId));
      const id = await seats.accept(event, slot, entryId, memberId);
      return {
        status: true as const,
        id,
        state: 'booked' as const,
        state_name: EVENT_RESERVATION_STATE_LABELS.booked,
      };
    },

    async leave(publicKey: string, entryId: number, memberId: number) {
      const event = await lookup.eventOfKey(publicKey);
      const slotId = await entrySlotId(event, entryId);
      const [slot] = await db.select().from(eventSlots).where(eq(eventSlots.id, slotId));
      await seats.leave(event, entryId, memberId, lookup.refusalOf(event, slot!) === '');
      return { status: true as const };
    },
  };
}
