import { reminderKeyOf } from '@tsunagu/contracts';
import { and, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
import { eventReminderJobs, eventReservations, eventSlots } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { remindersToSchedule } from './slot-times.js';
import { remindersOf, type EventRow } from './views.js';

/**
 * Keeps the reminder outbox of an event's bookings true to its settings (decision 0312) after
 * its reminders or a slot's times changed: pending jobs of a reminder no longer set are dropped,
 * the others re-timed, new ones added for bookings still to come. Sent jobs stay sent: a booking
 * gets each reminder offset once.
 */
export async function resyncReminders(tx: Executor, event: EventRow, now: Date) {
  const booked = await tx
    .select({ id: eventReservations.id, startsAt: eventSlots.startsAt })
    .from(eventReservations)
    .innerJoin(eventSlots, eq(eventSlots.id, eventReservations.slotId))
    .where(
      and(
        eq(eventReservations.eventId, event.id),
        eq(eventReservations.state, 'booked'),
        gt(eventSlots.startsAt, now),
      ),
    );
  if (booked.length === 0) return;
  const reminders = remindersOf(event);
  const ids = booked.map((row) => row.id);
  const pending = and(
    inArray(eventReminderJobs.reservationId, ids),
    eq(eventReminderJobs.state, 'pending'),
  );
  const keys = reminders.map(reminderKeyOf);
  await tx
    .update(eventReminderJobs)
    .set({ state: 'dropped' })
    .where(
      keys.length === 0 ? pending : and(pending, notInArray(eventReminderJobs.reminderKey, keys)),
    );
  const rows = booked.flatMap((row) =>
    remindersToSchedule(reminders, row.startsAt, now).map((job) => ({
      accountId: event.accountId,
      reservationId: row.id,
      reminderKey: job.key,
      dueAt: job.dueAt,
    })),
  );
  if (rows.length === 0) return;
  await tx
    .insert(eventReminderJobs)
    .values(rows)
    .onConflictDoUpdate({
      target: [eventReminderJobs.reservationId, eventReminderJobs.reminderKey],
      set: { dueAt: sql`excluded.due_at` },
      setWhere: sql`${eventReminderJobs.state} = 'pending'`,
    });
}
