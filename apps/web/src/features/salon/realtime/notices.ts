import {
  salonEventNotice,
  type SalonEventNotice,
  type SalonReservationEvent,
} from '@tsunagu/contracts';

export type ShownNotice = SalonEventNotice & {
  id: number;
  eventType: SalonReservationEvent['event_type'];
};

/** At most this many notices stay on screen; the oldest goes first. */
export const MAX_NOTICES = 5;

/**
 * RT-02..13: the notice an event produces on this console, or null — none while the salon's
 * push_notification switch is off (RT-12), none for the manager's own changes (RT-10) or for
 * approvals, denials and deletions (RT-11). The texts are the contracts' SALON_EVENT_NOTICES.
 */
export function noticeFor(
  event: SalonReservationEvent,
  pushNotification: boolean,
): ShownNotice | null {
  const notice = salonEventNotice(event, pushNotification);
  return notice ? { ...notice, id: event.id, eventType: event.event_type } : null;
}

export function addNotice(list: readonly ShownNotice[], notice: ShownNotice): ShownNotice[] {
  if (list.some((shown) => shown.id === notice.id)) return [...list];
  return [notice, ...list].slice(0, MAX_NOTICES);
}
