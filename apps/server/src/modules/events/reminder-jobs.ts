import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { eventReminderJobs, eventReservations, eventSlots } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { remindersToSchedule } from './slot-times.js';
import { remindersOf, type EventRow } from './views.js';

/**
 * Keeps the reminder outbox of an event's bookings true to its settings (decision 0312) after
 * its reminders or a slot's times changed: pending jobs no longer to come (a reminder removed, or
 * due before now after a move) are dropped, the others re-timed to the new start, new ones added for bookings still to come. Sent jobs stay sent: a booking
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
  const rows = booked.flatMap((row) =>
    remindersToSchedule(reminders, row.startsAt, now).map((job) => ({
      accountId: event.accountId,
      reservationId: row.id,
      reminderKey: job.key,
      dueAt: job.dueAt,
    })),
  );
  // A pending job no longer to come for its booking — its reminder removed, or its slot moved so
  // that its new time has passed — is dropped: never sent at the old time (issue 27).
  const kept = new Set(rows.map((row) => `${row.reservationId}:${row.reminderKey}`));
  const stale = (
    await tx
      .select({
        id: eventReminderJobs.id,
        reservationId: eventReminderJobs.reservationId,
        reminderKey: eventReminderJobs.reminderKey,
      })
      .from(eventReminderJobs)
      .where(pending)
  ).filter((job) => !kept.has(`${job.reservationId}:${job.reminderKey}`));
  if (stale.length > 0)
    await tx
      .update(eventReminderJobs)
      .set({ state: 'dropped' })
      .where(
        and(
          inArray(
            eventReminderJobs.id,
            stale.map((job) => job.id),
          ),
          eq(eventReminderJobs.state, 'pending'),
        ),
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
