import {
  VISIT_STATUSES,
  RESERVATION_MAX_RANGE_DAYS,
  RESERVATION_MESSAGES,
  RESERVATION_STATUS,
  reservationPatchValueSchemas,
  type Reservation,
  type ReservationInput,
  type ReservationPatchAttr,
  addDaysToDateValue,
  daysBetweenDateValues,
  mondayOfDateValue,
  todayInTokyo,
} from '@tsunagu/contracts';
import { ConflictError } from '../../lib/errors.js';
import { recordFriendEvent } from '../friend-events/index.js';
import { fieldError, parseOr422 } from '../../lib/validate.js';
import type { SalonEventDraft } from '../realtime/index.js';
import { bookingSlot, noSlot } from './clash-scope.js';
import { bookingOf, type ReservationCore, type SalonRef } from './core.js';
import { createJudgements } from './judge.js';
import { lockOr404 as lock, memberOf } from './locks.js';
import * as repository from './repository.js';
import { checkBooking, holdsSlot, resourceIdsOf, type Booking } from './rules.js';
import { bookingOfRow, toReservation } from './rows.js';

const VISITED = VISIT_STATUSES.find((status) => status.key === 'visited')!.id;

export { bookingSlot, noSlot, type ClashScope } from './clash-scope.js';
export { createReservationCore, type ReservationCore, type SalonRef } from './core.js';
export { lockPendingChild } from './locks.js';

export interface ReservationQuery {
  ids?: number[];
  range_date?: { start: string; end: string };
  resource?: number;
  status?: number[];
}

/** The console's reservations (RSV-62..73): reads, writes, and the judgements of requests. */
export function createReservationService(core: ReservationCore) {
  const { db, get, write, event, checkedInput } = core;

  return {
    get,
    ...createJudgements(core),

    /**
     * RSV-62/63: what a list query asks for — `ids`, or a date range (default: this week,
     * Monday to Sunday in Tokyo) — with the defaults resolved and the range checked, so it
     * names the answer completely (the read cache keys on it).
     */
    filterOf(query: ReservationQuery): repository.ReservationFilter {
      let range = query.range_date;
      if (!query.ids && !range) {
        const monday = mondayOfDateValue(todayInTokyo());
        range = { start: monday, end: addDaysToDateValue(monday, 6) };
      }
      if (range && daysBetweenDateValues(range.start, range.end) + 1 > RESERVATION_MAX_RANGE_DAYS)
        throw fieldError('range_date', RESERVATION_MESSAGES.rangeTooLong);
      return {
        ...(query.ids ? { ids: query.ids } : {}),
        ...(range ? { range } : {}),
        ...(query.resource !== undefined ? { resourceId: query.resource } : {}),
        ...(query.status ? { statuses: query.status } : {}),
      };
    },

    /** The reservations of a filter (from `filterOf`), each with its pending requests. */
    async list(salonId: number, filter: repository.ReservationFilter): Promise<Reservation[]> {
      const rows = await repository.listReservations(db, salonId, filter);
      const children = await repository.pendingChildren(
        db,
        salonId,
        rows.map((row) => row.reservation.id),
      );
      const byParent = new Map<number, typeof children>();
      for (const child of children) {
        const list = byParent.get(child.reservationId) ?? [];
        list.push(child);
        byParent.set(child.reservationId, list);
      }
      return rows.map(({ reservation, member }) =>
        toReservation(reservation, member, byParent.get(reservation.id) ?? []),
      );
    },

    /** RSV-64 */
    create: (salon: SalonRef, input: ReservationInput) => core.create(salon, input, 'manager'),

    /** RSV-65 / DEC-05: the whole payload; the occupancy is re-checked by the database. */
    async update(salon: SalonRef, id: number, input: ReservationInput): Promise<Reservation> {
      const booking = bookingOf(input);
      await write(
        async (tx) => {
          const row = await lock(tx, salon.id, id);
          if (!holdsSlot(row.status)) throw new ConflictError(RESERVATION_MESSAGES.notChangeable);
          const { member, values } = await checkedInput(
            tx,
            salon,
            booking,
            input,
            input.shift_override,
          );
          await repository.updateReservation(tx, salon.id, id, {
            ...values,
            metaData: { ...(row.metaData as object), memo: input.meta_data.memo },
          });
          await repository.occupyForReservation(tx, salon.id, id, resourceIdsOf(booking), booking);
          return { result: undefined, events: [event(salon.id, id, 'update', 'manager', member)] };
        },
        bookingSlot(salon.id, () => booking, id),
      );
      return get(salon.id, id);
    },

    /** RSV-66/67 / DEC-05: exactly one of status, memo, checked_at, visit_status, is_attended. */
    async patch(
      salon: SalonRef,
      id: number,
      attr: ReservationPatchAttr,
      body: { value?: unknown },
    ): Promise<Reservation> {
      if (!('value' in body)) throw fieldError('value', '値を指定してください');
      const value = parseOr422(reservationPatchValueSchemas[attr], body.value, 'value');
      let booking: Booking | undefined;
      await write(
        async (tx) => {
          const row = await lock(tx, salon.id, id);
          booking = bookingOfRow(row);
          const member = await memberOf(tx, salon, row);
          let type: SalonEventDraft['type'] = 'update';
          switch (attr) {
            case 'status': {
              const next = value as number;
              if (holdsSlot(next) && !holdsSlot(row.status)) {
                await checkBooking(tx, salon, booking, row.shiftOverride);
                await repository.occupyForReservation(
                  tx,
                  salon.id,
                  id,
                  resourceIdsOf(booking),
                  booking,
                );
              } else if (!holdsSlot(next) && holdsSlot(row.status)) {
                await repository.releaseReservation(tx, id);
                await repository.denyPendingChildren(tx, id);
              }
              if (next === RESERVATION_STATUS.cancelled && row.status !== next) type = 'cancel';
              await repository.updateReservation(tx, salon.id, id, { status: next });
              break;
            }
            case 'memo':
              await repository.updateReservation(tx, salon.id, id, {
                metaData: { ...(row.metaData as object), memo: value as string },
              });
              break;
            case 'checked_at':
              await repository.updateReservation(tx, salon.id, id, {
                checkedAt: value === null ? null : new Date(value as string),
              });
              break;
            case 'visit_status':
              await repository.updateReservation(tx, salon.id, id, {
                visitStatus: value as number,
              });
              // The friends log (decision 0360): marked 来店済み now, not before.
              if (value === VISITED && row.visitStatus !== VISITED && row.memberId) {
                await recordFriendEvent(tx, {
                  memberId: row.memberId,
                  kind: 'salon_visited',
                  refId: row.courseId,
                  detail: row.date,
                });
              }
              break;
            case 'is_attended':
              await repository.updateReservation(tx, salon.id, id, {
                isAttended: value as boolean,
              });
              break;
          }
          return { result: undefined, events: [event(salon.id, id, type, 'manager', member)] };
        },
        bookingSlot(salon.id, () => booking, id),
      );
      return get(salon.id, id);
    },

    /** RSV-68: the reservation, its requests and its slots go. */
    async remove(salon: SalonRef, id: number): Promise<void> {
      await write(async (tx) => {
        const row = await lock(tx, salon.id, id);
        const member = await memberOf(tx, salon, row);
        await repository.deleteReservation(tx, salon.id, id);
        return { result: undefined, events: [event(salon.id, id, 'delete', 'manager', member)] };
      }, noSlot(salon.id));
    },
  };
}

export type ReservationService = ReturnType<typeof createReservationService>;
