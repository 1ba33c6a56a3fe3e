import { RESERVATION_MESSAGES, RESERVATION_STATUS, proposalSchema } from '@tsunagu/contracts';
import { ConflictError } from '../../lib/errors.js';
import { bookingSlot, noSlot } from './clash-scope.js';
import { bookingValues, type ReservationCore, type SalonRef } from './core.js';
import { lockOr404 as lock, lockPendingChild, memberOf } from './locks.js';
import * as repository from './repository.js';
import { checkBooking, holdsSlot, resourceIdsOf, type Booking } from './rules.js';

/** The staff's judgements of a customer's change and cancel requests (RSV-71..73). */
export function createJudgements(core: ReservationCore) {
  const { get, write, event } = core;
  return {
    /**
     * RSV-71/72: approving applies the proposal to the parent (the database re-checks the
     * slot; a clash is 409 and nothing changes) and settles the child; denying settles it.
     * A withdrawn or already judged child is 409.
     */
    async judgeEdit(salon: SalonRef, id: number, childId: number, decision: 'approve' | 'deny') {
      let booking: Booking | undefined;
      await write(
        async (tx) => {
          const row = await lock(tx, salon.id, id);
          const child = await lockPendingChild(tx, salon.id, id, childId, 'change');
          const member = await memberOf(tx, salon, row);
          if (decision === 'deny') {
            await repository.settleChild(tx, childId, 'denied');
            return {
              result: undefined,
              events: [
                event(salon.id, id, 'deny_update_request', 'manager', member, {
                  changeChildId: childId,
                }),
              ],
            };
          }
          if (!holdsSlot(row.status)) throw new ConflictError(RESERVATION_MESSAGES.notChangeable);
          const proposal = proposalSchema.parse(child.proposal);
          booking = {
            date: proposal.date,
            from: proposal.from,
            to: proposal.to,
            courseId: proposal.course_id,
            resourceId: proposal.salon_resource_id,
            subResourceIds: proposal.sub_resource_ids,
            memberId: row.memberId,
          };
          await checkBooking(tx, salon, booking, row.shiftOverride);
          await repository.updateReservation(tx, salon.id, id, {
            ...bookingValues(booking),
            comment: proposal.comment,
          });
          await repository.occupyForReservation(tx, salon.id, id, resourceIdsOf(booking), booking);
          await repository.settleChild(tx, childId, 'approved');
          return {
            result: undefined,
            events: [
              event(salon.id, id, 'approve_update_request', 'manager', member, {
                changeChildId: childId,
              }),
            ],
          };
        },
        bookingSlot(salon.id, () => booking, id),
      );
      return get(salon.id, id);
    },

    /** RSV-73: approving cancels the parent and frees its slots; denying settles the child. */
    async judgeCancel(salon: SalonRef, id: number, childId: number, decision: 'approve' | 'deny') {
      await write(async (tx) => {
        const row = await lock(tx, salon.id, id);
        await lockPendingChild(tx, salon.id, id, childId, 'cancel');
        const member = await memberOf(tx, salon, row);
        if (decision === 'approve') {
          await repository.updateReservation(tx, salon.id, id, {
            status: RESERVATION_STATUS.cancelled,
          });
          await repository.releaseReservation(tx, id);
          await repository.settleChild(tx, childId, 'approved');
          await repository.denyPendingChildren(tx, id);
        } else {
          await repository.settleChild(tx, childId, 'denied');
        }
        const type = decision === 'approve' ? 'approve_cancel_request' : 'deny_cancel_request';
        return {
          result: undefined,
          events: [event(salon.id, id, type, 'manager', member, { deleteChildId: childId })],
        };
      }, noSlot(salon.id));
      return get(salon.id, id);
    },
  };
}
