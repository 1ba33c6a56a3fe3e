import { queueReservationWrites } from '../google-calendar/index.js';
import type { RecordEvents } from '../realtime/index.js';
import { recordSalonNotices } from '../staff-notify/index.js';

/**
 * What commits with every reservation change, in its transaction (decision 0295): the write of
 * each moved reservation to its staff member's Google calendar is queued, and the customer's own
 * changes become staff notices.
 */
export const recordReservationEvents: RecordEvents = async (tx, events) => {
  await queueReservationWrites(tx, events);
  await recordSalonNotices(tx, events);
};
