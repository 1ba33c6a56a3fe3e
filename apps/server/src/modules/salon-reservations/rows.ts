import {
  RESERVATION_STATUSES,
  proposalSchema,
  type Proposal,
  type Reservation,
  type ReservationChild,
} from '@tsunagu/contracts';
import type { ChildRow, MemberSummary, ReservationRow } from './repository.js';
import type { Booking } from './rules.js';

/**
 * Rows to API shapes and back: a reservation with its member and pending children (RSV-61),
 * a booking as a change proposal, and a stored row as a booking.
 */
function toChild(row: ChildRow): ReservationChild {
  const proposal = proposalSchema.safeParse(row.proposal);
  return {
    id: row.id,
    kind: row.kind as ReservationChild['kind'],
    state: row.state as ReservationChild['state'],
    proposal: row.kind === 'change' && proposal.success ? proposal.data : null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The stored answers as written by the booking page (anything else in the column is skipped). */
function storedAnswers(value: unknown): Reservation['customer_answers'] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (answer): answer is Reservation['customer_answers'][number] =>
      typeof answer === 'object' &&
      answer !== null &&
      typeof answer.field_id === 'number' &&
      typeof answer.label === 'string' &&
      typeof answer.field_type === 'string' &&
      typeof answer.value === 'string',
  );
}

export function toReservation(
  row: ReservationRow,
  member: MemberSummary | null,
  children: ChildRow[],
): Reservation {
  const change = children.find((child) => child.kind === 'change');
  const cancel = children.find((child) => child.kind === 'cancel');
  const memo = (row.metaData as { memo?: unknown } | null)?.memo;
  return {
    id: row.id,
    salon_id: row.salonId,
    name: row.name,
    comment: row.comment,
    contact_address: '',
    course_id: row.courseId,
    member_id: row.memberId,
    member: member
      ? { id: member.id, display_name: member.displayName, icon_url: member.iconUrl }
      : null,
    phone: row.phone,
    kana: row.kana,
    date: row.date,
    from: row.fromTime,
    to: row.toTime,
    salon_resource_id: row.resourceId,
    sub_resource_ids: row.subResourceIds,
    resource_fee_is_charged: row.resourceFeeIsCharged,
    meta_data: { memo: typeof memo === 'string' ? memo : '' },
    customer_answers: storedAnswers(row.customerAnswers),
    status: row.status,
    status_label: RESERVATION_STATUSES.find((status) => status.id === row.status)?.name ?? '',
    visit_status: row.visitStatus,
    is_attended: row.isAttended,
    checked_at: row.checkedAt ? row.checkedAt.toISOString() : null,
    shift_override: row.shiftOverride,
    source: row.source as Reservation['source'],
    change_child: change ? toChild(change) : null,
    cancel_child: cancel ? toChild(cancel) : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function proposalOf(booking: Booking, comment: string): Proposal {
  return {
    date: booking.date,
    from: booking.from,
    to: booking.to,
    course_id: booking.courseId,
    salon_resource_id: booking.resourceId,
    sub_resource_ids: booking.subResourceIds,
    comment,
  };
}

export function bookingOfRow(row: ReservationRow): Booking {
  return {
    date: row.date,
    from: row.fromTime,
    to: row.toTime,
    courseId: row.courseId,
    resourceId: row.resourceId,
    subResourceIds: row.subResourceIds,
    memberId: row.memberId,
  };
}
