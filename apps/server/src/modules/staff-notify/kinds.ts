import type { SalonEventType, StaffNoticeKind } from '@tsunagu/contracts';

/**
 * Which salon events staff hear of (decision 0280): a customer's booking, request, change or
 * cancel — what the customer did on the booking page. Staff's own changes in the console, and
 * approvals and denials, are not told to staff.
 */
export const SALON_EVENT_KINDS: Partial<Record<SalonEventType, StaffNoticeKind>> = {
  create: 'booking',
  create_request: 'request',
  update_request: 'request',
  cancel_request: 'request',
  delete_update_request: 'request',
  delete_cancel_request: 'request',
  update: 'change',
  cancel: 'cancel',
};

/** Month/day and time of a reservation, as staff read it: 11/28 13:00. */
export function reservationWhen(date: string, fromTime: string) {
  const [, month, day] = date.split('-');
  return `${Number(month)}/${Number(day)} ${fromTime.slice(0, 5)}`;
}
