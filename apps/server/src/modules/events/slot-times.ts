import { addDaysToDateValue, reminderKeyOf, type EventReminder } from '@tsunagu/contracts';
import { formatDateJa } from '../../lib/business-time.js';
import { toTokyoIso, tokyoInstant } from '../../lib/tokyo-time.js';

/**
 * The times of an event slot (decision 0314), all in Asia/Tokyo: its date and wall-clock times
 * for display, the booking close and cancel deadline with the event's defaults applied, and when
 * each reminder of a booking is due.
 */
export interface SlotTimes {
  startsAt: Date;
  endsAt: Date;
  opensAt: Date | null;
  closesAt: Date | null;
  cancelDeadlineAt: Date | null;
}

/** `2026-12-01`, `10:00` of an instant, in Tokyo. */
export function tokyoParts(instant: Date) {
  const iso = toTokyoIso(instant);
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** A slot without `closes_at` closes the day before its date at the event's default hour. */
export function effectiveClose(slot: SlotTimes, defaultCloseHour: number): Date {
  if (slot.closesAt) return slot.closesAt;
  const { date } = tokyoParts(slot.startsAt);
  const close = tokyoInstant(
    addDaysToDateValue(date, -1),
    `${String(defaultCloseHour).padStart(2, '0')}:00:00`,
  );
  // Never after the start (a slot made for today still takes bookings until it starts).
  return close < slot.startsAt ? close : slot.startsAt;
}

/** Without its own deadline, a booking may be cancelled until booking closes. */
export function effectiveCancelDeadline(slot: SlotTimes, defaultCloseHour: number): Date {
  return slot.cancelDeadlineAt ?? effectiveClose(slot, defaultCloseHour);
}

/** Why the slot takes no booking at `now`, or null. */
export function bookingWindowRefusal(
  slot: SlotTimes,
  defaultCloseHour: number,
  now: Date,
): 'not_yet' | 'closed' | null {
  if (slot.opensAt && now < slot.opensAt) return 'not_yet';
  if (now >= effectiveClose(slot, defaultCloseHour)) return 'closed';
  return null;
}

/** `12月1日(火) 10:00`: how messages name a slot. */
export function slotLabel(startsAt: Date): string {
  const { date, time } = tokyoParts(startsAt);
  return `${formatDateJa(date)} ${time}`;
}

/** When a reminder of a booking of a slot starting at `startsAt` is due. */
export function reminderDueAt(reminder: EventReminder, startsAt: Date): Date {
  if (reminder.kind === 'minutes_before')
    return new Date(startsAt.getTime() - reminder.minutes_before * 60_000);
  const { date } = tokyoParts(startsAt);
  return tokyoInstant(addDaysToDateValue(date, -reminder.days_before), `${reminder.at}:00`);
}

/** The reminders still to come for a booking made at `now`: key and due instant. */
export function remindersToSchedule(
  reminders: readonly EventReminder[],
  startsAt: Date,
  now: Date,
): { key: string; dueAt: Date }[] {
  return reminders
    .map((reminder) => ({ key: reminderKeyOf(reminder), dueAt: reminderDueAt(reminder, startsAt) }))
    .filter((job) => job.dueAt > now && job.dueAt < startsAt);
}
