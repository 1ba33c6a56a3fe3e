import type { Reservation } from '@tsunagu/contracts';

/** RSV-56..60: the write payload of a reservation. */
export type ReservationPayload = {
  id?: number;
  name: string;
  comment: string;
  contact_address: '';
  course_id: number | null;
  member_id: number | null;
  /** The customer's phone and kana (issue 26). */
  phone: string;
  kana: string;
  date: string;
  from: string;
  to: string;
  salon_resource_id: number | null;
  sub_resource_ids: number[];
  resource_fee_is_charged: boolean;
  meta_data: { memo: string };
  shift_override?: boolean;
};

const positiveOrNull = (value: number | null | undefined) => (value && value > 0 ? value : null);

/** RSV-57..59: contact_address always empty; non-positive course and resource ids become null. */
export function reservationPayload(values: Omit<ReservationPayload, 'contact_address'>) {
  return {
    ...values,
    contact_address: '' as const,
    course_id: positiveOrNull(values.course_id),
    member_id: positiveOrNull(values.member_id),
    salon_resource_id: positiveOrNull(values.salon_resource_id),
  };
}

/** The payload that rewrites `reservation` with some fields changed (drag and drop, edits). */
export function payloadOf(
  reservation: Reservation,
  change: Partial<Omit<ReservationPayload, 'contact_address'>> = {},
): ReservationPayload {
  return reservationPayload({
    id: reservation.id,
    name: reservation.name,
    comment: reservation.comment,
    course_id: reservation.course_id,
    member_id: reservation.member_id,
    phone: reservation.phone,
    kana: reservation.kana,
    date: reservation.date,
    from: reservation.from,
    to: reservation.to,
    salon_resource_id: reservation.salon_resource_id,
    sub_resource_ids: reservation.sub_resource_ids,
    resource_fee_is_charged: reservation.resource_fee_is_charged,
    meta_data: { memo: reservation.meta_data.memo },
    shift_override: reservation.shift_override,
    ...change,
  });
}
