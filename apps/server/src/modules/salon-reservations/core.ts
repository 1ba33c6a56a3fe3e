import {
  RESERVATION_MESSAGES,
  RESERVATION_STATUS,
  type CustomerAnswer,
  type Reservation,
  type ReservationInput,
  normalizePhone,
} from '@tsunagu/contracts';
import type { Database, Executor } from '../../db/types.js';
import { NotFoundError } from '../../lib/errors.js';
import { toKatakana } from '../../lib/kana.js';
import { fieldError } from '../../lib/validate.js';
import { rememberFriendPhones } from '../friends/index.js';
import type { PublishEvents, RecordEvents, SalonEventDraft } from '../realtime/index.js';
import { bookingSlot, type ClashScope } from './clash-scope.js';
import * as repository from './repository.js';
import type { MemberSummary } from './repository.js';
import {
  checkBooking,
  clashError,
  isOverlapViolation,
  resourceIdsOf,
  type Booking,
} from './rules.js';
import { toReservation } from './rows.js';

export interface SalonRef {
  id: number;
  accountId: number;
}

/** The first phone number among the booking page's answers (digits), else empty. */
function phoneOfAnswers(answers: readonly CustomerAnswer[]): string {
  for (const answer of answers) {
    if (answer.field_type !== 'tel') continue;
    const phone = normalizePhone(answer.value);
    if (phone) return phone.domestic;
  }
  return '';
}

export function bookingOf(input: ReservationInput): Booking {
  return {
    date: input.date,
    from: input.from,
    to: input.to,
    courseId: input.course_id,
    resourceId: input.salon_resource_id,
    subResourceIds: input.sub_resource_ids,
    memberId: input.member_id,
  };
}

/** The reservation columns a booking sets: references and slot. */
export function bookingValues(booking: Booking) {
  return {
    memberId: booking.memberId,
    courseId: booking.courseId,
    resourceId: booking.resourceId,
    subResourceIds: booking.subResourceIds,
    date: booking.date,
    fromTime: booking.from,
    toTime: booking.to,
  };
}

/** The shared write path of reservations: used by the console (manager) and member requests. */
export function createReservationCore(deps: {
  db: Database;
  publish: PublishEvents;
  /** What commits with the change (decision 0295): the Google outbox, staff notices. */
  record?: RecordEvents | undefined;
}) {
  const { db, publish, record } = deps;

  async function load(executor: Executor, salonId: number, ids: number[]) {
    const rows = await repository.listReservations(executor, salonId, { ids });
    const children = await repository.pendingChildren(executor, salonId, ids);
    return rows.map(({ reservation, member }) =>
      toReservation(
        reservation,
        member,
        children.filter((child) => child.reservationId === reservation.id),
      ),
    );
  }

  async function get(salonId: number, id: number): Promise<Reservation> {
    const [reservation] = await load(db, salonId, [id]);
    if (!reservation) throw new NotFoundError(RESERVATION_MESSAGES.notFound);
    return reservation;
  }

  /**
   * Runs a write in a transaction and turns a refused overlap (23P01) into a 409 naming the
   * clash; what must commit with the change is recorded in the same transaction (decision
   * 0295), and the events are published only after the commit.
   */
  async function write<T>(
    work: (tx: Executor) => Promise<{ result: T; events: SalonEventDraft[] }>,
    clash: ClashScope,
  ): Promise<T> {
    let outcome: { result: T; events: SalonEventDraft[] };
    try {
      outcome = await db.transaction(async (tx) => {
        const done = await work(tx);
        if (record) await record(tx, done.events);
        return done;
      });
    } catch (error) {
      if (!isOverlapViolation(error)) throw error;
      const reservationId = clash.reservationId?.();
      throw await clashError(
        db,
        clash.salonId,
        clash.resourceIds(),
        clash.slot(),
        reservationId === undefined ? {} : { reservationId },
      );
    }
    await publish(outcome.events);
    return outcome.result;
  }

  function event(
    salonId: number,
    reservationId: number,
    type: SalonEventDraft['type'],
    actor: SalonEventDraft['actor'],
    member: MemberSummary | null | undefined,
    children: { changeChildId?: number; deleteChildId?: number } = {},
  ): SalonEventDraft {
    return {
      salonId,
      reservationId,
      type,
      actor,
      memberDisplayName: member?.displayName ?? '',
      iconUrl: member?.iconUrl ?? '',
      changeChildId: children.changeChildId ?? null,
      deleteChildId: children.deleteChildId ?? null,
    };
  }

  /**
   * A whole input (POST, PUT): its references and staff shifts checked, the name resolved
   * (empty = the member's); the columns it writes.
   */
  async function checkedInput(
    tx: Executor,
    salon: SalonRef,
    booking: Booking,
    input: ReservationInput,
    shiftOverride: boolean,
  ) {
    const { member } = await checkBooking(tx, salon, booking, shiftOverride);
    const name = input.name || member?.displayName || '';
    if (!name) throw fieldError('name', RESERVATION_MESSAGES.nameRequired);
    return {
      member,
      values: {
        ...bookingValues(booking),
        name,
        kana: toKatakana(input.kana),
        phone: input.phone,
        comment: input.comment,
        resourceFeeIsCharged: input.resource_fee_is_charged,
        shiftOverride,
      },
    };
  }

  /** A new reservation: references, shift, then the occupancy rows (the database refuses overlaps). */
  async function create(
    salon: SalonRef,
    input: ReservationInput,
    actor: 'manager' | 'member',
    customerAnswers: CustomerAnswer[] = [],
    /** false: the customer chose 指名なし and the engine picked the staff member (decision 0271). */
    nominated = true,
  ): Promise<number> {
    const booking = bookingOf(input);
    return write(
      async (tx) => {
        const { member, values } = await checkedInput(
          tx,
          salon,
          booking,
          input,
          actor === 'manager' && input.shift_override,
        );
        const id = await repository.insertReservation(tx, salon.id, {
          ...values,
          // The phone a customer gave on the booking page makes the booking findable by it.
          phone: values.phone || phoneOfAnswers(customerAnswers),
          // A member's booking is a request unless the member service confirms it (accept_mode).
          status: input.status,
          metaData: { memo: input.meta_data.memo },
          customerAnswers,
          nominated,
          source: actor,
        });
        await repository.occupyForReservation(tx, salon.id, id, resourceIdsOf(booking), booking);
        // A phone the friend gave lets the open API name them by it (decision 0170).
        if (member) await rememberFriendPhones(tx, salon.accountId, member.id, customerAnswers);
        const type =
          actor === 'member' && input.status === RESERVATION_STATUS.requested
            ? 'create_request'
            : 'create';
        return { result: id, events: [event(salon.id, id, type, actor, member)] };
      },
      bookingSlot(salon.id, () => booking),
    );
  }

  return { db, load, get, write, event, checkedInput, create };
}

export type ReservationCore = ReturnType<typeof createReservationCore>;
