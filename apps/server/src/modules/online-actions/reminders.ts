import { createFriendMessageRenderer } from '../message-rendering/index.js';
import { addDaysToDateValue } from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import { formatDateJa, minutesOf } from '../../lib/business-time.js';
import { textMessage, type PushQueue } from '../line-push/index.js';
import { type RenderMessage } from '../message-aliases/index.js';
import { tokyoNow } from '../salon-availability/index.js';
import type { ActionLog } from './after-booking.js';
import { salonsWithReminder } from './repository.js';
import { confirmedOn, reminderKey, staleQueuedReminders } from './reminder-repository.js';

/** How often the running scheduler looks (a reminder goes within this long after its time). */
export const REMINDER_EVERY_MS = 60_000;

function reminderText(
  intro: string,
  salonName: string,
  reservation: { date: string; from: string; courseName: string | null },
) {
  const lines = [
    intro,
    `明日 ${formatDateJa(reservation.date)} ${reservation.from}〜 のご予約のお知らせです。`,
    reservation.courseName ? `コース: ${reservation.courseName}` : '',
    salonName ? `${salonName}でお待ちしております。` : '',
  ];
  return lines.filter((line) => line !== '').join('\n');
}

/**
 * The day-before reminder (online action remind_day_before, decision 0133). Each run, by the
 * clock in Asia/Tokyo: for every salon with the reminder on whose time has come today, each
 * confirmed reservation of tomorrow is queued as a push under a key naming the reservation,
 * its date and start — so any number of runs, processes and restarts queue it once, and a
 * moved reservation gets a new one at its new date. Queued reminders whose reservation was
 * cancelled or moved are withdrawn. Nothing is kept in memory between runs. The salon's text
 * may hold aliases (decision 0156): each friend's reminder carries their own values.
 */
export function createReminderScheduler(deps: {
  db: Database;
  pushes: PushQueue;
  log: ActionLog;
  clock?: () => Date;
  renderMessage?: RenderMessage;
}) {
  const { db, pushes } = deps;
  const renderMessage = deps.renderMessage ?? createFriendMessageRenderer(db);
  const clock = deps.clock ?? (() => new Date());

  async function runOnce(): Promise<{ queued: number; withdrawn: number }> {
    let withdrawn = 0;
    for (const stale of await staleQueuedReminders(db))
      withdrawn += await pushes.withdraw(db, stale.accountId, [stale.key]);
    const now = tokyoNow(clock());
    const tomorrow = addDaysToDateValue(now.date, 1);
    let queued = 0;
    for (const salon of await salonsWithReminder(db)) {
      if (!salon.action || now.minutes < minutesOf(salon.action.time)) continue;
      for (const reservation of await confirmedOn(db, salon.salonId, tomorrow)) {
        const memberId = reservation.memberId!;
        const intro = await renderMessage(salon.accountId, memberId, salon.action.text);
        const id = await pushes.enqueue(
          db,
          salon.accountId,
          memberId,
          [textMessage(reminderText(intro, salon.salonName, reservation))],
          reminderKey(reservation.id, reservation.date, reservation.from),
        );
        if (id !== null) queued += 1;
      }
    }
    return { queued, withdrawn };
  }

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = runOnce().catch((error: unknown) =>
      deps.log.error({ err: error }, 'day-before reminders: run failed'),
    );
  };

  return {
    runOnce,
    start() {
      if (timer) return;
      tick();
      timer = setInterval(tick, REMINDER_EVERY_MS);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

export type ReminderScheduler = ReturnType<typeof createReminderScheduler>;
