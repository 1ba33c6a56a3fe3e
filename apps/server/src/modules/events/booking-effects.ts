import type { Action } from '@tsunagu/contracts';
import { eq } from 'drizzle-orm';
import { eventReminderJobs, members } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { runActions } from '../actions/index.js';
import { recordFriendEvent } from '../friend-events/index.js';
import { textMessage } from '../line-push/index.js';
import type { SeatDeps } from './seat-deps.js';
import { remindersToSchedule, slotLabel } from './slot-times.js';
import { confirmationText, type EventTextContext } from './texts.js';
import { remindersOf, type EventRow, type SlotRow } from './views.js';

/**
 * What a seat's changes cause beyond the seat (decision 0311): the texts' details, the event's
 * actions (the one action model), the reminder jobs and the confirmation of a new booking —
 * all in the caller's transaction, with retry keys so a retry never sends twice.
 */
export function createBookingEffects(deps: SeatDeps) {
  const { pushes } = deps;

  const pageUrl = (event: EventRow, offerId?: number) =>
    deps.origin
      ? `${deps.origin}/e/${event.publicKey}${offerId === undefined ? '' : `?offer=${offerId}`}`
      : '';

  async function textContext(
    tx: Executor,
    event: EventRow,
    slot: SlotRow,
    memberId: number,
    offerId?: number,
  ): Promise<EventTextContext> {
    const [friend] = await tx
      .select({ name: members.displayName })
      .from(members)
      .where(eq(members.id, memberId));
    return {
      title: event.title,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      place: slot.place || event.place,
      onlineUrl: event.onlineUrl,
      friendName: friend?.name ?? '',
      pageUrl: pageUrl(event, offerId),
    };
  }

  async function runEventActions(
    tx: Executor,
    event: EventRow,
    memberId: number,
    cause: string,
    actions: unknown,
  ) {
    const list = actions as Action[];
    if (list.length === 0) return;
    await runActions(tx, deps.actions, {
      accountId: event.accountId,
      memberId,
      cause,
      actions: list,
      now: deps.clock(),
    });
  }

  /** Reminder jobs of a new booking: one per reminder still to come (decision 0312). */
  async function scheduleReminders(tx: Executor, event: EventRow, slot: SlotRow, id: number) {
    const jobs = remindersToSchedule(remindersOf(event), slot.startsAt, deps.clock());
    if (jobs.length === 0) return;
    await tx
      .insert(eventReminderJobs)
      .values(
        jobs.map((job) => ({
          accountId: event.accountId,
          reservationId: id,
          reminderKey: job.key,
          dueAt: job.dueAt,
        })),
      )
      .onConflictDoNothing();
  }

  /** What every new reservation does after its row: confirmation, reminders, actions. */
  async function afterBooked(
    tx: Executor,
    event: EventRow,
    slot: SlotRow,
    id: number,
    memberId: number,
  ) {
    // The friends log (decision 0360), in the booking's transaction.
    await recordFriendEvent(tx, {
      memberId,
      kind: 'event_booked',
      refId: event.id,
      detail: slotLabel(slot.startsAt),
    });
    const context = await textContext(tx, event, slot, memberId);
    await pushes.enqueue(
      tx,
      event.accountId,
      memberId,
      [textMessage(confirmationText(event.confirmationText, context))],
      `event-booked:${id}`,
    );
    await scheduleReminders(tx, event, slot, id);
    await runEventActions(tx, event, memberId, `event-book:${id}`, event.actionsOnBooking);
  }

  return { pageUrl, textContext, runEventActions, scheduleReminders, afterBooked };
}

export type BookingEffects = ReturnType<typeof createBookingEffects>;
