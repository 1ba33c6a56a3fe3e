import {
  MEMBER_BOOKING_MESSAGES,
  RESERVATION_STATUSES,
  daysBetweenDateValues,
  proposalSchema,
  type MyReservation,
} from '@tsunagu/contracts';
import { minutesOf } from '../../lib/business-time.js';
import { tokyoNow } from '../salon-availability/index.js';
import type * as own from './member-reservations.js';

/** How the booking page shows the member's own reservations (decision 0115). */

/** The salon's cancel config, as far as online changes go. */
export type CancelRule = { deadline_hours: number; allow_online_cancel: boolean };

/** What the visit costs (税込): the course, the 指名料 when charged, and their total. */
export function priceOf(row: Pick<own.OwnRow, 'coursePrice' | 'nominationFee' | 'feeCharged'>) {
  const course = row.coursePrice ?? 0;
  const fee = row.feeCharged ? (row.nominationFee ?? 0) : 0;
  return { course_price: course, nomination_fee: fee, total: course + fee };
}

export const statusName = (status: number) =>
  RESERVATION_STATUSES.find((entry) => entry.id === status)?.name ?? '';

/** Why a reservation can no longer be changed or cancelled online ('' when it can). */
export function refusalOf(
  cancel: CancelRule,
  slot: { date: string; from: string },
  now: Date,
): string {
  if (!cancel.allow_online_cancel) return MEMBER_BOOKING_MESSAGES.cancelClosed;
  const present = tokyoNow(now);
  const minutesLeft =
    daysBetweenDateValues(present.date, slot.date) * 1440 + minutesOf(slot.from) - present.minutes;
  return minutesLeft < cancel.deadline_hours * 60
    ? MEMBER_BOOKING_MESSAGES.deadlinePassed(cancel.deadline_hours)
    : '';
}

/** One of the member's reservations, with its pending requests and whether it can still change. */
export function toMyReservation(
  row: own.OwnRow,
  pending: Awaited<ReturnType<typeof own.pendingOf>>,
  rule: CancelRule,
  now: Date,
): MyReservation {
  const change = pending.find((p) => p.reservationId === row.id && p.kind === 'change');
  const cancel = pending.find((p) => p.reservationId === row.id && p.kind === 'cancel');
  const proposal = change ? proposalSchema.safeParse(change.proposal) : undefined;
  const holds = row.status === 1 || row.status === 2;
  const refusal = holds ? refusalOf(rule, row, now) : '';
  // 指名なし stays the customer's choice (decision 0271): the assigned staff member is not named.
  const chosenStaff = row.resourceKind === 'staff' && row.nominated;
  return {
    id: row.id,
    date: row.date,
    from: row.from,
    to: row.to,
    course_id: row.courseId,
    course_name: row.courseName ?? '',
    resource_id: chosenStaff ? row.resourceId : null,
    resource_name: chosenStaff ? (row.resourceName ?? '') : '',
    nominated: row.nominated,
    ...priceOf(row),
    status: row.status,
    status_name: statusName(row.status),
    change_request:
      change && proposal?.success
        ? {
            id: change.id,
            date: proposal.data.date,
            from: proposal.data.from,
            to: proposal.data.to,
          }
        : null,
    cancel_request: cancel ? { id: cancel.id } : null,
    can_change: holds && refusal === '',
    refusal,
  };
}
