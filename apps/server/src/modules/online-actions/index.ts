/**
 * What happens after a customer books on the booking page (issue 12, decisions 0131–0133): the
 * online actions of the salon's online config (`createAfterBooking`, called by member-booking
 * once the booking has committed) and the day-before reminder's scheduler (API process or
 * `npm run worker`).
 */
export {
  bookingMessageKey,
  createAfterBooking,
  type AfterBooking,
  type CustomerBooking,
} from './after-booking.js';
export { createReminderScheduler, type ReminderScheduler } from './reminders.js';
export { reminderKey } from './reminder-repository.js';
