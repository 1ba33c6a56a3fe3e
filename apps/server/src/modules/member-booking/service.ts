import {
  AVAILABILITY_MESSAGES,
  MEMBER_BOOKING_MESSAGES,
  checkCustomerAnswers,
  type MemberBookingInput,
  type MemberChangeInput,
} from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import type { CustomerBooking } from '../online-actions/index.js';
import type { PublishEvents, RecordEvents } from '../realtime/index.js';
import { tokyoNow } from '../salon-availability/index.js';
import { createConfigService } from '../salon-configs/index.js';
import { createMemberRequestService, createReservationCore } from '../salon-reservations/index.js';
import * as own from './member-reservations.js';
import { refusalOf, statusName, toMyReservation, type CancelRule } from './my-reservation.js';
import type { MemberContext } from './sessions.js';
import { assertBelowPendingLimit, countWrite } from './write-limits.js';
import { nearestSlots, offeredSlot, type SlotAsk } from './slots.js';

/** 409 of a slot taken meanwhile, with the nearest free ones (sent as `slotTakenBodySchema`). */
export class SlotTakenError extends AppError {
  constructor(readonly alternatives: { date: string; from: string; to: string }[]) {
    super(409, MEMBER_BOOKING_MESSAGES.slotTaken);
  }
}

export function createMemberBookingService(deps: {
  db: Database;
  publish: PublishEvents;
  record?: RecordEvents | undefined;
  clock?: () => Date;
  /** The online actions, run once a customer's booking has committed (decision 0131). */
  afterBooking?: (booking: CustomerBooking) => Promise<void>;
}) {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());
  const configs = createConfigService({ db });
  const requests = createMemberRequestService(createReservationCore(deps));

  /** The salon of the page, open for online booking, and the member's session belongs to it. */
  async function openSalon(salon: { id: number; accountId: number }) {
    const config = await configs.get(salon.id);
    if (!config.enable_online) throw new NotFoundError(AVAILABILITY_MESSAGES.bookingNotFound);
    return config;
  }

  /**
   * The answers checked against the salon's current questions (decision 0126): 422 naming each
   * question's label, else the answers as stored with the reservation.
   */
  async function checkedAnswers(salonId: number, input: MemberBookingInput['answers']) {
    let questions: Awaited<ReturnType<typeof configs.onlineConfig>>['customer_info'] = [];
    try {
      questions = (await configs.onlineConfig(salonId)).customer_info;
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
    const { answers, errors } = checkCustomerAnswers(questions, input);
    if (Object.keys(errors).length > 0)
      throw new ValidationError(MEMBER_BOOKING_MESSAGES.answersInvalid, errors);
    return answers;
  }

  /** The offered slot, or 409 with the nearest free ones when it is not (taken or never offered). */
  async function takeableSlot(ask: SlotAsk, now: Date) {
    const slot = await offeredSlot(db, configs, ask, now);
    if (!slot) throw new SlotTakenError(await nearestSlots(db, configs, ask, now));
    return slot;
  }

  /** The reservation, the member's own and still changeable online (else 404 / 409 with why). */
  async function changeable(
    salonId: number,
    cancel: CancelRule,
    member: MemberContext,
    id: number,
    now: Date,
  ) {
    const row = await own.findOwn(db, salonId, member.memberId, id);
    if (!row) throw new NotFoundError(MEMBER_BOOKING_MESSAGES.notFound);
    const refusal = refusalOf(cancel, row, now);
    if (refusal) throw new ConflictError(refusal);
    return row;
  }

  return {
    async book(
      salon: { id: number; accountId: number },
      member: MemberContext,
      input: MemberBookingInput,
    ) {
      const now = clock();
      const config = await openSalon(salon);
      const answers = await checkedAnswers(salon.id, input.answers);
      await countWrite(db, member, now);
      const instant = config.booking.accept_mode === 'instant';
      if (!instant) await assertBelowPendingLimit(db, salon.id, member, now);
      const ask: SlotAsk = {
        salonId: salon.id,
        config,
        courseId: input.course_id,
        resourceId: input.resource_id,
        date: input.date,
        from: input.from,
      };
      const slot = await takeableSlot(ask, now);
      let id: number;
      try {
        id = await requests.requestReservation(
          salon,
          member.memberId,
          {
            date: input.date,
            from: input.from,
            to: slot.to,
            course_id: input.course_id,
            salon_resource_id: slot.resourceId,
            sub_resource_ids: [],
            comment: input.comment,
          },
          { instant, answers, nominated: input.resource_id !== null },
        );
      } catch (error) {
        // The same database guarantee as staff bookings refused it: someone took it meanwhile.
        if (error instanceof AppError && error.statusCode === 409)
          throw new SlotTakenError(await nearestSlots(db, configs, ask, now));
        throw error;
      }
      const status = instant ? 2 : 1;
      await deps.afterBooking?.({
        salonId: salon.id,
        accountId: salon.accountId,
        memberId: member.memberId,
        reservationId: id,
      });
      return {
        status: true as const,
        id,
        state: instant ? ('confirmed' as const) : ('requested' as const),
        state_name: statusName(status),
      };
    },

    async myReservations(salon: { id: number; accountId: number }, member: MemberContext) {
      const now = clock();
      const config = await openSalon(salon);
      const lists = await own.listOwn(db, salon.id, member.memberId, tokyoNow(now).date);
      const ids = [...lists.upcoming, ...lists.past].map((row) => row.id);
      const pending = await own.pendingOf(db, salon.id, ids);
      const view = (row: own.OwnRow) => toMyReservation(row, pending, config.cancel, now);
      return { upcoming: lists.upcoming.map(view), past: lists.past.map(view) };
    },

    async requestChange(
      salon: { id: number; accountId: number },
      member: MemberContext,
      id: number,
      input: MemberChangeInput,
    ) {
      const now = clock();
      const config = await openSalon(salon);
      await countWrite(db, member, now);
      const row = await changeable(salon.id, config.cancel, member, id, now);
      await assertBelowPendingLimit(db, salon.id, member, now);
      if (row.courseId === null) throw new ConflictError(MEMBER_BOOKING_MESSAGES.cancelClosed);
      const ask: SlotAsk = {
        salonId: salon.id,
        config,
        courseId: row.courseId,
        // Absent = the customer's own choice: their staff member, or 指名なし (decision 0271).
        resourceId:
          input.resource_id === undefined
            ? row.nominated
              ? row.resourceId
              : null
            : input.resource_id,
        date: input.date,
        from: input.from,
      };
      const slot = await takeableSlot(ask, now);
      try {
        const childId = await requests.requestChange(salon, member.memberId, id, {
          date: input.date,
          from: input.from,
          to: slot.to,
          salon_resource_id: slot.resourceId,
          ...(input.comment === undefined ? {} : { comment: input.comment }),
        });
        return { status: true as const, id: childId };
      } catch (error) {
        // Taken meanwhile (the database refused the overlap): the slot is no longer offered.
        const clash = error instanceof AppError && error.statusCode === 409;
        if (clash && (await offeredSlot(db, configs, ask, now)) === null)
          throw new SlotTakenError(await nearestSlots(db, configs, ask, now));
        throw error;
      }
    },

    async requestCancel(
      salon: { id: number; accountId: number },
      member: MemberContext,
      id: number,
    ) {
      const now = clock();
      const config = await openSalon(salon);
      await countWrite(db, member, now);
      await changeable(salon.id, config.cancel, member, id, now);
      // Before the deadline an instant cancel frees the slot at once (decision 0270).
      if (config.cancel.accept_mode === 'instant') {
        await requests.cancelNow(salon, member.memberId, id);
        return { status: true as const, id, state: 'cancelled' as const };
      }
      await assertBelowPendingLimit(db, salon.id, member, now);
      const childId = await requests.requestCancel(salon, member.memberId, id);
      return { status: true as const, id: childId, state: 'requested' as const };
    },

    async withdraw(
      salon: { id: number; accountId: number },
      member: MemberContext,
      id: number,
      childId: number,
    ) {
      const now = clock();
      await openSalon(salon);
      await countWrite(db, member, now);
      // Someone else's reservation is 404, as if it did not exist.
      if (!(await own.findOwn(db, salon.id, member.memberId, id)))
        throw new NotFoundError(MEMBER_BOOKING_MESSAGES.notFound);
      await requests.withdraw(salon, member.memberId, id, childId);
      return { status: true as const };
    },
  };
}

export type MemberBookingService = ReturnType<typeof createMemberBookingService>;
