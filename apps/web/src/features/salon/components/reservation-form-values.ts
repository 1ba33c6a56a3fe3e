import type { Reservation } from '@tsunagu/contracts';
import { reservationPayload } from '../api/reservation-payload';

export type ReservationFormValues = {
  id?: number;
  member: { id: number; display_name: string } | null;
  name: string;
  kana: string;
  phone: string;
  course_id: number | null;
  salon_resource_id: number | null;
  sub_resource_ids: number[];
  date: string;
  from: string;
  to: string;
  resource_fee_is_charged: boolean;
  memo: string;
  comment: string;
  shift_override: boolean;
};

export function valuesOf(reservation: Reservation): ReservationFormValues {
  return {
    id: reservation.id,
    member: reservation.member,
    name: reservation.name,
    kana: reservation.kana,
    phone: reservation.phone,
    course_id: reservation.course_id,
    salon_resource_id: reservation.salon_resource_id,
    sub_resource_ids: reservation.sub_resource_ids,
    date: reservation.date,
    from: reservation.from,
    to: reservation.to,
    resource_fee_is_charged: reservation.resource_fee_is_charged,
    memo: reservation.meta_data.memo,
    comment: reservation.comment,
    shift_override: reservation.shift_override,
  };
}

/** The save call's body from the form's values. */
export function payloadOf(values: ReservationFormValues) {
  return reservationPayload({
    id: values.id,
    name: values.name,
    comment: values.comment,
    course_id: values.course_id,
    member_id: values.member?.id ?? null,
    phone: values.phone,
    kana: values.kana,
    date: values.date,
    from: values.from,
    to: values.to,
    salon_resource_id: values.salon_resource_id,
    sub_resource_ids: values.sub_resource_ids,
    resource_fee_is_charged: values.resource_fee_is_charged,
    meta_data: { memo: values.memo },
    shift_override: values.shift_override,
  });
}

/** Fields the form shows an error beside; an error on any other field goes to a toast. */
const FIELDS_SHOWN = [
  'name',
  'course_id',
  'salon_resource_id',
  'date',
  'from',
  'to',
  'member_id',
  'phone',
  'kana',
  'meta_data.memo',
  'comment',
];

/** Whether a refusal's field errors are all shown beside their fields (else a toast says it). */
export function fieldErrorsShown(fields: Record<string, unknown>): boolean {
  return (
    FIELDS_SHOWN.some((field) => fields[field]) ||
    Object.keys(fields).some((field) => field.startsWith('sub_resource_ids'))
  );
}
