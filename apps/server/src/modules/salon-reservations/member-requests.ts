import {
  RESERVATION_MESSAGES,
  RESERVATION_STATUS,
  reservationInputSchema,
  type CustomerAnswer,
  type ReservationInput,
} from '@tsunagu/contracts';
import type { Executor } from '../../db/types.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.js';
import * as repository from './repository.js';
import { checkBooking, clashError, holdsSlot, resourceIdsOf, type Booking } from './rules.js';
import { proposalOf } from './rows.js';
import type { ReservationCore, SalonRef } from './service.js';
import { bookingSlot, lockPendingChild, noSlot } from './service.js';

/** What a member may ask for on the booking page (no status, no override, no memo). */
export type MemberReservationInput = Pick<
  ReservationInput,
  'date' | 'from' | 'to' | 'course_id' | 'salon_resource_id' | 'sub_resource_ids' | 'comment'
> & { name?: string };

/** A member's request for a reservation: instant (accept_mode), answers, 指名 or 指名なし. */
export interface MemberRequestOptions {
  instant?: boolean;
  answers?: CustomerAnswer[];
  /** false = 指名なし: no 指名料 is charged and a change may go to any staff member (decision 0271). */
  nominated?: boolean;
}

export interface MemberChangeInput {
  date: string;
  from: string;
  to: string;
  course_id?: number | null;
  salon_resource_id?: number | null;
  sub_resource_ids?: number[];
  comment?: string;
}

/**
 * The member side of reservations (the booking page comes later; tests and the demo seed use
 * this now): a new request, change and cancel requests, and their withdrawal. Each publishes
 * its RT event with actor `member` after the commit.
 */
export function createMemberRequestService(core: ReservationCore) {
  const { write, event } = core;

  async function ownReservation(tx: Executor, salon: SalonRef, memberId: number, id: number) {
    const row = await repository.lockReservation(tx, salon.id, id);
    if (!row) throw new NotFoundError(RESERVATION_MESSAGES.notFound);
    if (row.memberId !== memberId) throw new ForbiddenError(RESERVATION_MESSAGES.notRequester);
    if (!holdsSlot(row.status)) throw new ConflictError(RESERVATION_MESSAGES.notChangeable);
    const pending = await repository.pendingChildren(tx, salon.id, [id]);
    const member = await repository.findMember(tx, salon.accountId, memberId);
    return { row, pending, member };
  }

  return {
    /**
     * A reservation request (status requested, event create_request); `instant` (the booking
     * config's accept_mode, decision 0105) confirms it at once instead (event create).
     */
    async requestReservation(
      salon: SalonRef,
      memberId: number,
      input: MemberReservationInput,
      options: MemberRequestOptions = {},
    ) {
      const status = options.instant ? 2 : 1;
      const nominated = options.nominated ?? true;
      const parsed = reservationInputSchema.parse({
        ...input,
        member_id: memberId,
        status,
        // The 指名料 is charged when the customer chose the staff member (decision 0271).
        resource_fee_is_charged: nominated,
      });
      return core.create(salon, parsed, 'member', options.answers, nominated);
    },

    /** A change request: a `change` child holding the proposal (event update_request). */
    async requestChange(
      salon: SalonRef,
      memberId: number,
      reservationId: number,
      change: MemberChangeInput,
    ) {
      let booking: Booking | undefined;
      return write(
        async (tx) => {
          const { row, pending, member } = await ownReservation(tx, salon, memberId, reservationId);
          if (pending.some((child) => child.kind === 'change'))
            throw new ConflictError(RESERVATION_MESSAGES.pendingExists);
          booking = {
            date: change.date,
            from: change.from,
            to: change.to,
            courseId: change.course_id === undefined ? row.courseId : change.course_id,
            resourceId:
              change.salon_resource_id === undefined ? row.resourceId : change.salon_resource_id,
            subResourceIds: change.sub_resource_ids ?? row.subResourceIds,
            memberId,
          };
          await checkBooking(tx, salon, booking, false);
          if (
            await repository.findClash(tx, salon.id, resourceIdsOf(booking), booking, {
              reservationId,
            })
          )
            throw await clashError(tx, salon.id, resourceIdsOf(booking), booking, {
              reservationId,
            });
          const childId = await repository.insertChild(tx, {
            salonId: salon.id,
            reservationId,
            kind: 'change',
            proposal: proposalOf(booking, change.comment ?? row.comment),
          });
          return {
            result: childId,
            events: [
              event(salon.id, reservationId, 'update_request', 'member', member, {
                changeChildId: childId,
              }),
            ],
          };
        },
        bookingSlot(salon.id, () => booking),
      );
    },

    /** A cancel request: a `cancel` child (event cancel_request). */
    async requestCancel(salon: SalonRef, memberId: number, reservationId: number) {
      return write(async (tx) => {
        const { pending, member } = await ownReservation(tx, salon, memberId, reservationId);
        if (pending.some((child) => child.kind === 'cancel'))
          throw new ConflictError(RESERVATION_MESSAGES.pendingExists);
        const childId = await repository.insertChild(tx, {
          salonId: salon.id,
          reservationId,
          kind: 'cancel',
        });
        return {
          result: childId,
          events: [
            event(salon.id, reservationId, 'cancel_request', 'member', member, {
              deleteChildId: childId,
            }),
          ],
        };
      }, noSlot(salon.id));
    },

    /**
     * An instant cancel (the salon's cancel accept_mode is instant, decision 0270): the
     * reservation is cancelled and its slots freed at once, pending requests are denied, and the
     * `cancel` event (actor member) tells the staff — the one place staff notices hook on.
     */
    async cancelNow(salon: SalonRef, memberId: number, reservationId: number) {
      return write(async (tx) => {
        const { member } = await ownReservation(tx, salon, memberId, reservationId);
        await repository.updateReservation(tx, salon.id, reservationId, {
          status: RESERVATION_STATUS.cancelled,
        });
        await repository.releaseReservation(tx, reservationId);
        await repository.denyPendingChildren(tx, reservationId);
        return {
          result: reservationId,
          events: [event(salon.id, reservationId, 'cancel', 'member', member)],
        };
      }, noSlot(salon.id));
    },

    /** Withdraws a pending request (events delete_update_request / delete_cancel_request). */
    async withdraw(salon: SalonRef, memberId: number, reservationId: number, childId: number) {
      await write(async (tx) => {
        const row = await repository.lockReservation(tx, salon.id, reservationId);
        if (!row) throw new NotFoundError(RESERVATION_MESSAGES.notFound);
        if (row.memberId !== memberId) throw new ForbiddenError(RESERVATION_MESSAGES.notRequester);
        const child = await repository.lockChild(tx, salon.id, childId);
        if (!child || child.reservationId !== reservationId)
          throw new NotFoundError(RESERVATION_MESSAGES.childNotFound);
        await lockPendingChild(
          tx,
          salon.id,
          reservationId,
          childId,
          child.kind as 'change' | 'cancel',
        );
        await repository.settleChild(tx, childId, 'withdrawn');
        const member = await repository.findMember(tx, salon.accountId, memberId);
        const ids =
          child.kind === 'change' ? { changeChildId: childId } : { deleteChildId: childId };
        const type = child.kind === 'change' ? 'delete_update_request' : 'delete_cancel_request';
        return {
          result: undefined,
          events: [event(salon.id, reservationId, type, 'member', member, ids)],
        };
      }, noSlot(salon.id));
    },
  };
}

export type MemberRequestService = ReturnType<typeof createMemberRequestService>;
