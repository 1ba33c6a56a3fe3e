import { type EventReminder, reminderKeyOf } from '@tsunagu/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { eventReminderJobs, events, eventSlots, eventWaitlist } from '../../db/schema/index.js';
import { selectRows } from '../../db/raw.js';
import type { Database } from '../../db/types.js';
import { sql } from 'drizzle-orm';
import { createPollLoop } from '../../lib/poll-loop.js';
import { textMessage, type PushQueue } from '../line-push/index.js';
import type { Seats } from './seats.js';
import { bookingWindowRefusal } from './slot-times.js';
import { fillEventText } from './texts.js';

/** Jobs claimed per round. */
const CLAIM_LIMIT = 200;

interface DueReminder {
  job_id: number;
  reservation_id: number;
  reminder_key: string;
  member_id: number;
  account_id: number;
  state: string;
  starts_at: Date | string;
  ends_at: Date | string;
  slot_place: string;
  event_id: number;
  public_key: string;
  title: string;
  place: string;
  online_url: string;
  reminders: EventReminder[];
  friend_name: string;
}

export interface EventWorkerDeps {
  db: Database;
  pushes: PushQueue;
  seats: Seats;
  origin: string;
  log: { error(o: unknown, m: string): void };
  pollMs: number;
  clock?: () => Date;
}

/**
 * The events' background work (decisions 0312, 0313), in the API process or `npm run worker`,
 * any number side by side: due reminders are claimed with FOR UPDATE SKIP LOCKED and, in the
 * claim's transaction, queued as pushes (keyed by booking and offset) and marked sent — so a
 * restart or a second worker never sends one twice, and a cancelled booking's are dropped.
 * Expired waitlist offers pass their seat to the next friend waiting.
 */
export function createEventWorker(deps: EventWorkerDeps) {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function sendDueReminders(now: Date): Promise<{ claimed: number; sent: number }> {
    return db.transaction(async (tx) => {
      const due = await selectRows<DueReminder>(
        tx,
        sql`select j.id as job_id, j.reservation_id, j.reminder_key, r.member_id, r.account_id,
            r.state, s.starts_at, s.ends_at, s.place as slot_place, e.id as event_id,
            e.public_key, e.title, e.place, e.online_url, e.reminders, m.display_name as friend_name
          from event_reminder_jobs j
          join event_reservations r on r.id = j.reservation_id
          join event_slots s on s.id = r.slot_id
          join events e on e.id = r.event_id
          join members m on m.id = r.member_id
          where j.state = 'pending' and j.due_at <= ${now.toISOString()}
          order by j.due_at, j.id
          limit ${CLAIM_LIMIT}
          for update of j skip locked`,
      );
      const sent: number[] = [];
      const dropped: number[] = [];
      for (const job of due) {
        const startsAt = new Date(job.starts_at);
        const reminder = job.reminders.find((item) => reminderKeyOf(item) === job.reminder_key);
        if (job.state !== 'booked' || startsAt <= now || !reminder) {
          dropped.push(job.job_id);
          continue;
        }
        const text = fillEventText(reminder.text, {
          title: job.title,
          startsAt,
          endsAt: new Date(job.ends_at),
          place: job.slot_place || job.place,
          onlineUrl: job.online_url,
          friendName: job.friend_name,
          pageUrl: deps.origin ? `${deps.origin}/e/${job.public_key}` : '',
        });
        await deps.pushes.enqueue(
          tx,
          job.account_id,
          job.member_id,
          [textMessage(text)],
          `event-remind:${job.reservation_id}:${job.reminder_key}`,
        );
        sent.push(job.job_id);
      }
      if (sent.length > 0)
        await tx
          .update(eventReminderJobs)
          .set({ state: 'sent', sentAt: now })
          .where(inArray(eventReminderJobs.id, sent));
      if (dropped.length > 0)
        await tx
          .update(eventReminderJobs)
          .set({ state: 'dropped' })
          .where(inArray(eventReminderJobs.id, dropped));
      return { claimed: due.length, sent: sent.length };
    });
  }

  /** Each expired offer, one transaction each: expired, and its seat passed on. */
  async function expireOffers(now: Date): Promise<number> {
    let expired = 0;
    for (;;) {
      const done = await db.transaction(async (tx) => {
        const [offer] = await tx
          .select()
          .from(eventWaitlist)
          .where(
            and(
              eq(eventWaitlist.state, 'offered'),
              sql`${eventWaitlist.offerExpiresAt} <= ${now.toISOString()}`,
            ),
          )
          .limit(1)
          .for('update', { skipLocked: true });
        if (!offer) return false;
        await tx
          .update(eventWaitlist)
          .set({ state: 'expired' })
          .where(eq(eventWaitlist.id, offer.id));
        const [event] = await tx.select().from(events).where(eq(events.id, offer.eventId));
        const [slot] = await tx.select().from(eventSlots).where(eq(eventSlots.id, offer.slotId));
        const open =
          event!.state === 'open' &&
          bookingWindowRefusal(slot!, event!.defaultCloseHour, now) === null;
        await deps.seats.passSeat(tx, event!, offer.slotId, open);
        return true;
      });
      if (!done) return expired;
      expired += 1;
    }
  }

  async function runOnce() {
    const now = clock();
    const offers = await expireOffers(now);
    let reminders = 0;
    for (;;) {
      const round = await sendDueReminders(now);
      reminders += round.sent;
      if (round.claimed < CLAIM_LIMIT) break;
    }
    return { reminders, offers };
  }

  // The shared poll loop (decision 0290): one round at a time, in the API or a worker process.
  const loop = createPollLoop({
    round: async () => {
      await runOnce();
    },
    pollMs: deps.pollMs,
    onError: (error) => deps.log.error({ err: error }, 'event worker failed'),
    waitFirst: true,
  });

  return {
    runOnce,
    start: () => loop.start(),
    stop: () => loop.stop(),
  };
}

export type EventWorker = ReturnType<typeof createEventWorker>;
