import {
  RESERVATION_MAX_RANGE_DAYS,
  RESERVATION_MESSAGES,
  RESERVATION_STATUS,
  proposalSchema,
  reservationPatchValueSchemas,
  type CustomerAnswer,
  type Reservation,
  type ReservationInput,
  type ReservationPatchAttr,
  addDaysToDateValue,
  daysBetweenDateValues,
  mondayOfDateValue,
  normalizePhone,
  todayInTokyo,
} from '@tsunagu/contracts';
import type { Database, Executor } from '../../db/types.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { toKatakana } from '../../lib/kana.js';
import { fieldError, parseOr422 } from '../../lib/validate.js';
import { rememberFriendPhones } from '../friends/index.js';
import type { PublishEvents, RecordEvents, SalonEventDraft } from '../realtime/index.js';
import * as repository from './repository.js';
import type { MemberSummary, ReservationRow } from './repository.js';
import {
  checkBooking,
  clashError,
  holdsSlot,
  isOverlapViolation,
  resourceIdsOf,
  type Booking,
} from './rules.js';
import { bookingOfRow, toReservation } from './rows.js';

export interface SalonRef {
  id: number;
  accountId: number;
}

export interface ReservationQuery {
  ids?: number[];
  range_date?: { start: string; end: string };
  resource?: number;
  status?: number[];
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

function bookingOf(input: ReservationInput): Booking {
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

/** What `write` needs to name a clash: the resources and slot the write tried to take. */
export interface ClashScope {
  salonId: number;
  resourceIds: () => number[];
  slot: () => repository.Slot;
  reservationId?: () => number | undefined;
}

/** A write that takes no slot (a clash cannot happen; the 409 path stays uniform). */
export function noSlot(salonId: number): ClashScope {
  return {
    salonId,
    resourceIds: () => [],
    slot: () => ({ date: '1970-01-01', from: '00:00', to: '00:01' }),
  };
}

/** The slot of a booking that is decided inside the transaction (unset: no slot taken yet). */
export function bookingSlot(
  salonId: number,
  current: () => Booking | undefined,
  reservationId?: number,
): ClashScope {
  const none = noSlot(salonId);
  return {
    salonId,
    resourceIds: () => {
      const booking = current();
      return booking ? resourceIdsOf(booking) : [];
    },
    slot: () => current() ?? none.slot(),
    ...(reservationId === undefined ? {} : { reservationId: () => reservationId }),
  };
}

/** The reservation columns a booking sets: references and slot. */
function bookingValues(booking: Booking) {
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

export function createReservationService(core: ReservationCore) {
  const { db, get, write, event, checkedInput } = core;

  async function lock(tx: Executor, salonId: number, id: number): Promise<ReservationRow> {
    const row = await repository.lockReservation(tx, salonId, id);
    if (!row) throw new NotFoundError(RESERVATION_MESSAGES.notFound);
    return row;
  }

  async function memberOf(tx: Executor, salon: SalonRef, row: ReservationRow) {
    return row.memberId === null
      ? undefined
      : repository.findMember(tx, salon.accountId, row.memberId);
  }

  return {
    get,

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

/** The child of this reservation and kind, still pending; 404 / 409 otherwise. */
export async function lockPendingChild(
  tx: Executor,
  salonId: number,
  reservationId: number,
  childId: number,
  kind: 'change' | 'cancel',
) {
  const child = await repository.lockChild(tx, salonId, childId);
  if (!child || child.reservationId !== reservationId || child.kind !== kind)
    throw new NotFoundError(RESERVATION_MESSAGES.childNotFound);
  if (child.state === 'withdrawn') throw new ConflictError(RESERVATION_MESSAGES.childWithdrawn);
  if (child.state !== 'pending') throw new ConflictError(RESERVATION_MESSAGES.childAlreadyJudged);
  return child;
}

export type ReservationService = ReturnType<typeof createReservationService>;
