import {
  ACTIVE_RESERVATION_STATUSES,
  RESERVATION_MESSAGES,
  SALON_COMMON_MESSAGES,
} from '@tsunagu/contracts';
import type { Executor } from '../../db/types.js';
import { formatDateJa } from '../../lib/business-time.js';
import { ConflictError, ValidationError } from '../../lib/errors.js';
import { fieldError } from '../../lib/validate.js';
import { courseReader } from '../salon-courses/index.js';
import { coveredByShifts, shiftsOf } from '../salon-shifts/index.js';
import * as repository from './repository.js';
import type { MemberSummary, Slot } from './repository.js';

export const holdsSlot = (status: number) => ACTIVE_RESERVATION_STATUSES.includes(status);

/** What a reservation books: its slot, resources and references (input or proposal). */
export interface Booking extends Slot {
  courseId: number | null;
  resourceId: number | null;
  subResourceIds: number[];
  memberId: number | null;
}

export function resourceIdsOf(booking: Pick<Booking, 'resourceId' | 'subResourceIds'>): number[] {
  return booking.resourceId === null
    ? [...booking.subResourceIds]
    : [booking.resourceId, ...booking.subResourceIds];
}

/**
 * Every id in the booking must be of this salon (members: of this account); otherwise 422
 * naming the field, before anything is written. Returns the member (for the name and events).
 */
export async function checkReferences(
  tx: Executor,
  salonId: number,
  accountId: number,
  booking: Booking,
): Promise<{
  member: MemberSummary | undefined;
  resources: Map<number, { name: string; kind: string }>;
}> {
  if (booking.courseId !== null && !(await courseReader.exists(tx, salonId, booking.courseId)))
    throw fieldError('course_id', SALON_COMMON_MESSAGES.notInSalon);
  const ids = resourceIdsOf(booking);
  const found = new Map(
    (await repository.resourcesByIds(tx, salonId, ids)).map((row) => [row.id, row]),
  );
  if (booking.resourceId !== null && !found.has(booking.resourceId))
    throw fieldError('salon_resource_id', SALON_COMMON_MESSAGES.notInSalon);
  booking.subResourceIds.forEach((id, index) => {
    if (id === booking.resourceId)
      throw fieldError(`sub_resource_ids.${index}`, RESERVATION_MESSAGES.subResourceIsMain);
    if (!found.has(id))
      throw fieldError(`sub_resource_ids.${index}`, SALON_COMMON_MESSAGES.notInSalon);
  });
  if (
    booking.courseId !== null &&
    booking.resourceId !== null &&
    (await repository.isUnlinked(tx, salonId, booking.resourceId, booking.courseId))
  )
    throw fieldError('course_id', '担当のリソースはこのコースに対応していません');
  let member: MemberSummary | undefined;
  if (booking.memberId !== null) {
    member = await repository.findMember(tx, accountId, booking.memberId);
    if (!member) throw fieldError('member_id', SALON_COMMON_MESSAGES.notInSalon);
  }
  return { member, resources: found };
}

/**
 * Staff resources (kind `staff`) must work at that time: the slot lies inside the union of
 * their shifts that day. Rooms and equipment have no shifts. `override` skips the check.
 */
export async function checkShifts(
  tx: Executor,
  salonId: number,
  booking: Booking,
  resources: Map<number, { name: string; kind: string }>,
  override: boolean,
): Promise<void> {
  if (override) return;
  const staff = resourceIdsOf(booking).filter((id) => resources.get(id)?.kind === 'staff');
  if (staff.length === 0) return;
  const shifts = await shiftsOf(tx, salonId, { start: booking.date, end: booking.date }, staff);
  for (const id of staff) {
    const own = shifts.filter((shift) => shift.salon_resource_id === id);
    if (!coveredByShifts(own, booking.from, booking.to)) {
      const field =
        id === booking.resourceId
          ? 'salon_resource_id'
          : `sub_resource_ids.${booking.subResourceIds.indexOf(id)}`;
      throw new ValidationError(
        RESERVATION_MESSAGES.outsideShift(
          resources.get(id)?.name ?? '',
          formatDateJa(booking.date),
          booking.from,
          booking.to,
        ),
        {
          [field]: [
            RESERVATION_MESSAGES.outsideShift(
              resources.get(id)?.name ?? '',
              formatDateJa(booking.date),
              booking.from,
              booking.to,
            ),
          ],
          shift_override: ['シフト外に予約する場合は true を指定してください'],
        },
      );
    }
  }
}

/** References, then staff shifts (unless overridden): every write that takes a slot does both. */
export async function checkBooking(
  tx: Executor,
  salon: { id: number; accountId: number },
  booking: Booking,
  shiftOverride: boolean,
) {
  const checked = await checkReferences(tx, salon.id, salon.accountId, booking);
  await checkShifts(tx, salon.id, booking, checked.resources, shiftOverride);
  return checked;
}

/** SQLSTATE 23P01: the exclusion constraint refused an overlapping period. */
export function isOverlapViolation(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23P01') return true;
    if (current === (current as { cause?: unknown }).cause) break;
  }
  return false;
}

/** The 409 for a refused overlap, naming the resource, date and time of what is in the way. */
export async function clashError(
  db: Executor,
  salonId: number,
  resourceIds: number[],
  slot: Slot,
  exclude: { reservationId?: number; blockTimeId?: number },
  forBlockTime = false,
): Promise<ConflictError> {
  const clash = await repository.findClash(db, salonId, resourceIds, slot, exclude);
  if (!clash) return new ConflictError(RESERVATION_MESSAGES.clashUnknown);
  const args = [clash.resourceName, formatDateJa(clash.date), clash.from, clash.to] as const;
  if (forBlockTime) return new ConflictError(RESERVATION_MESSAGES.blockClash(...args));
  const busy = await repository.busyPeriods(db, salonId, resourceIds, slot.date, exclude);
  // The time offered must fit the shifts too: an offer the next save refuses helps nobody.
  const shifts = await shiftsOf(db, salonId, { start: slot.date, end: slot.date }, resourceIds);
  const working = resourceIds
    .map((id) => shifts.filter((shift) => shift.salon_resource_id === id))
    .filter((own) => own.length > 0);
  const nearest = nearestFreeStart(busy, slot, working);
  const hint =
    nearest === null ? '' : RESERVATION_MESSAGES.nearestFree(nearest, timeAfter(nearest, slot));
  return new ConflictError(
    (clash.kind === 'block_time'
      ? RESERVATION_MESSAGES.clashBlock(...args)
      : RESERVATION_MESSAGES.clash(...args, clash.customerName)) + hint,
  );
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
function timeAfter(from: string, slot: { from: string; to: string }): string {
  return timeOf(minutesOf(from) + minutesOf(slot.to) - minutesOf(slot.from));
}

/**
 * The start nearest to the slot's (same day, same length) at which none of the busy periods is
 * in the way and, for each resource with shifts that day, its shifts cover the whole slot; null
 * when the day has none. A free stretch begins where a busy period or a shift ends or begins, so
 * those are the only candidates besides the day's edges.
 */
export function nearestFreeStart(
  busy: readonly { from: string; to: string }[],
  slot: { from: string; to: string },
  working: readonly (readonly { from: string; to: string }[])[] = [],
): string | null {
  const start = minutesOf(slot.from);
  const length = minutesOf(slot.to) - start;
  const periods = busy.map((period) => [minutesOf(period.from), minutesOf(period.to)] as const);
  const candidates = [0, 24 * 60 - length];
  for (const [from, to] of periods) candidates.push(to, from - length);
  for (const shift of working.flat())
    candidates.push(minutesOf(shift.from), minutesOf(shift.to) - length);
  const free = candidates
    .filter((candidate) => candidate >= 0 && candidate + length <= 24 * 60 - 1)
    .filter((candidate) =>
      periods.every(([from, to]) => candidate + length <= from || candidate >= to),
    )
    .filter((candidate) =>
      working.every((own) => coveredByShifts(own, timeOf(candidate), timeOf(candidate + length))),
    )
    .sort((a, b) => Math.abs(a - start) - Math.abs(b - start) || a - b);
  return free[0] === undefined ? null : timeOf(free[0]);
}
