import type { Executor } from '../../db/types.js';
import { CALENDAR_EVENT_TYPES, type CalendarEventType } from './reservation-events.js';
import { queueCalendarWrites } from './write-outbox.js';

/**
 * In a reservation's own transaction (decision 0295): each reservation its events may have moved
 * on Google (made, moved, re-staffed, cancelled, deleted) gets its write queued, so a crash
 * after the commit or a Google failure never loses it.
 */
export async function queueReservationWrites(
  tx: Executor,
  events: readonly { salonId: number; reservationId: number; type: CalendarEventType }[],
): Promise<void> {
  await queueCalendarWrites(
    tx,
    events.filter((event) => CALENDAR_EVENT_TYPES.has(event.type)),
  );
}
