import { createFriendMessageRenderer } from '../message-rendering/index.js';
import { addDaysToDateValue, todayInTokyo } from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import { tokyoInstant } from '../../lib/tokyo-time.js';
import type { PushQueue } from '../line-push/index.js';
import { renderMessages, type RenderMessage } from '../message-aliases/index.js';
import { changeMemberTags } from '../tags/index.js';
import { startedStepsDue } from './episode-starts.js';
import {
  bookedBetween,
  confirmedOnDates,
  followedBetween,
  runningSteps,
  staleQueuedSteps,
  stepKeys,
  type RunningStep,
} from './scheduler-repository.js';

/** How often the running scheduler looks (a step goes within this long after its time). */
export const EPISODE_EVERY_MS = 60_000;
/** How late a step may still go (a scheduler down for longer skips it rather than flood). */
export const EPISODE_CATCH_UP_MS = 24 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

type Due = { memberId: number; key: string };

/**
 * The episodes' and follows' scheduler (issue 14, EPI, decision 0167). Each run, by the clock:
 * every step of every salon's episode and follow whose time has come — within the catch-up
 * window and not before the salon attached it — is queued for its friend under a key naming the
 * step and its anchor (the reservation and its date and start; the friend and their follow), so
 * any number of runs, processes and restarts send it once. The tag actions run in the same
 * transaction as the enqueue that was new. Queued steps of reservations cancelled or moved are
 * withdrawn; a moved reservation's steps are timed again from its new date. Nothing is kept in
 * memory between runs.
 */
export function createEpisodeScheduler(deps: {
  db: Database;
  pushes: PushQueue;
  log: { error(entry: Record<string, unknown>, message: string): void };
  clock?: () => Date;
  renderMessage?: RenderMessage;
}) {
  const { db, pushes } = deps;
  const clock = deps.clock ?? (() => new Date());
  const renderMessage = deps.renderMessage ?? createFriendMessageRenderer(db);

  /** The friends whose step is due in [from, to], with the key that sends it once. */
  async function dueFor(step: RunningStep, from: Date, to: Date): Promise<Due[]> {
    const inWindow = (at: Date) => at >= from && at <= to;
    switch (step.anchor) {
      case 'booked':
        return (await bookedBetween(db, step.salonId, from, to)).map((reservation) => ({
          memberId: reservation.memberId!,
          key: stepKeys.booked(step.stepId, reservation.id),
        }));
      case 'visit': {
        // Due on (visit date + offset) at the time: the visit dates whose due day is in the window.
        const dueDays = [todayInTokyo(from), todayInTokyo(to)];
        const visitDates = [...new Set(dueDays)].map((day) =>
          addDaysToDateValue(day, -step.offsetDays),
        );
        return (await confirmedOnDates(db, step.salonId, visitDates))
          .filter((reservation) =>
            inWindow(
              tokyoInstant(addDaysToDateValue(reservation.date, step.offsetDays), step.atTime!),
            ),
          )
          .map((reservation) => ({
            memberId: reservation.memberId!,
            key: stepKeys.visit(step.stepId, reservation.id, reservation.date, reservation.from),
          }));
      }
      case 'followed': {
        const offset = step.offsetDays * DAY_MS;
        // At a time of day the due day is the follow's Tokyo day + offset: a day either side.
        const followers = await followedBetween(
          db,
          step.accountId,
          new Date(from.getTime() - offset - DAY_MS),
          new Date(to.getTime() - offset + DAY_MS),
        );
        return followers
          .filter((friend) => {
            const followedAt = friend.followedAt!;
            const due =
              step.atTime === null
                ? new Date(followedAt.getTime() + offset)
                : tokyoInstant(
                    addDaysToDateValue(todayInTokyo(followedAt), step.offsetDays),
                    step.atTime,
                  );
            return inWindow(due) && followedAt >= step.since;
          })
          .map((friend) => ({
            memberId: friend.id,
            key: stepKeys.followed(step.stepId, friend.id, friend.followedAt!),
          }));
      }
      default:
        return [];
    }
  }

  async function runOnce(): Promise<{ queued: number; withdrawn: number }> {
    let withdrawn = 0;
    for (const stale of await staleQueuedSteps(db))
      withdrawn += await pushes.withdraw(db, stale.accountId, [stale.key]);
    const now = clock();
    const earliest = new Date(now.getTime() - EPISODE_CATCH_UP_MS);
    let queued = 0;
    for (const step of await runningSteps(db)) {
      const from = step.since > earliest ? step.since : earliest;
      for (const due of await dueFor(step, from, now)) {
        const messages = await renderMessages(
          renderMessage,
          step.accountId,
          due.memberId,
          step.messages,
        );
        const isNew = await db.transaction(async (tx) => {
          const id = await pushes.enqueue(tx, step.accountId, due.memberId, messages, due.key);
          if (id === null) return false;
          await changeMemberTags(tx, due.memberId, {
            add: step.addTagIds,
            remove: step.removeTagIds,
          });
          return true;
        });
        if (isNew) queued += 1;
      }
    }
    // Episodes started for one friend by an action (decision 0383), timed from their start.
    for (const due of await startedStepsDue(db, earliest, now)) {
      const messages = await renderMessages(
        renderMessage,
        due.accountId,
        due.memberId,
        due.messages,
      );
      const isNew = await db.transaction(async (tx) => {
        const id = await pushes.enqueue(tx, due.accountId, due.memberId, messages, due.key);
        if (id === null) return false;
        await changeMemberTags(tx, due.memberId, { add: due.addTagIds, remove: due.removeTagIds });
        return true;
      });
      if (isNew) queued += 1;
    }
    return { queued, withdrawn };
  }

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = runOnce().catch((error: unknown) =>
      deps.log.error({ err: error }, 'episodes: run failed'),
    );
  };

  return {
    runOnce,
    start() {
      if (timer) return;
      tick();
      timer = setInterval(tick, EPISODE_EVERY_MS);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

export type EpisodeScheduler = ReturnType<typeof createEpisodeScheduler>;
