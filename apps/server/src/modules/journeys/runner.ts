import {
  addDaysToDateValue,
  todayInTokyo,
  waitMinutes,
  type JourneyStep,
} from '@tsunagu/contracts';
import { and, asc, eq, lte } from 'drizzle-orm';
import {
  journeyRuns,
  journeys,
  journeyTagMembers,
  members,
  messageTemplates,
} from '../../db/schema/index.js';
import type { Database, Executor } from '../../db/types.js';
import { tokyoInstant } from '../../lib/tokyo-time.js';
import type { PushQueue } from '../line-push/index.js';
import { renderMessages, type RenderMessage } from '../message-aliases/index.js';
import { segmentPredicate } from '../member-queries/index.js';
import { changeMemberTags } from '../tags/index.js';
import { ownedIds } from './references.js';

/** Push key of a journey's send step: one push per run and step, whatever happens. */
export const journeyPushKey = (runId: number, stepIndex: number) => `jrn:${runId}:${stepIndex}`;

/** Runs claimed per pass; the rest wait for the next pass. */
const CLAIM_BATCH = 200;

type Outcome = { sent: number; state: 'running' | 'finished' | 'left' };

/** When a wait that began at `from` ends (Tokyo time of day: that day + days, or the next one). */
export function waitEnd(step: Extract<JourneyStep, { kind: 'wait' }>, from: Date): Date {
  if (step.at_time === null) return new Date(from.getTime() + waitMinutes(step) * 60_000);
  const day = addDaysToDateValue(todayInTokyo(from), step.days);
  const end = tokyoInstant(day, step.at_time);
  return end > from ? end : tokyoInstant(addDaysToDateValue(day, 1), step.at_time);
}

/**
 * Advances friends through their journeys (decision 0169). Each run is taken in its own
 * transaction with `FOR UPDATE SKIP LOCKED`, so processes share the work and none runs a step
 * twice: the steps it passes, their pushes and tag changes, and the run's new position commit
 * together. A run stops at a wait that has not ended; a journey switched off pauses its runs.
 */
export function createJourneyRunner(deps: {
  db: Database;
  pushes: PushQueue;
  /** Renders a step's messages for the friend, on the run's own transaction. */
  rendererFor: (executor: Executor) => RenderMessage;
  clock?: () => Date;
}) {
  const { db, pushes } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function advanceOne(runId: number, now: Date): Promise<Outcome | null> {
    return db.transaction(async (tx) => {
      const [run] = await tx
        .select({
          id: journeyRuns.id,
          accountId: journeyRuns.accountId,
          memberId: journeyRuns.memberId,
          journeyId: journeyRuns.journeyId,
          stepIndex: journeyRuns.stepIndex,
          dueAt: journeyRuns.dueAt,
          steps: journeys.steps,
          followState: members.followState,
        })
        .from(journeyRuns)
        .innerJoin(
          journeys,
          and(eq(journeys.id, journeyRuns.journeyId), eq(journeys.isActive, true)),
        )
        .innerJoin(members, eq(members.id, journeyRuns.memberId))
        .where(
          and(
            eq(journeyRuns.id, runId),
            eq(journeyRuns.state, 'running'),
            lte(journeyRuns.dueAt, now),
          ),
        )
        .for('update', { of: journeyRuns, skipLocked: true });
      if (!run) return null;
      const steps = run.steps as JourneyStep[];
      let index = run.stepIndex;
      let dueAt = run.dueAt;
      let sent = 0;
      let state: Outcome['state'] = 'running';
      let endReason: string | null = null;
      if (run.followState !== 'following') {
        state = 'left';
        endReason = 'blocked';
      }
      // Jumps only go forward, so this ends within steps.length passes.
      while (state === 'running') {
        const step = steps[index];
        if (!step) {
          state = 'finished';
          break;
        }
        if (step.kind === 'wait') {
          const end = waitEnd(step, dueAt);
          index += 1;
          dueAt = end;
          if (end > now) break;
          continue;
        }
        if (step.kind === 'branch') {
          const matches = await friendMatches(
            tx,
            run.accountId,
            run.memberId,
            step.member_query_id,
            now,
          );
          if (matches) index += 1;
          else if (step.otherwise === null) {
            state = 'left';
            endReason = 'branch';
          } else index = step.otherwise - 1;
          continue;
        }
        sent += await runAction(tx, run, index, step);
        index += 1;
      }
      await tx
        .update(journeyRuns)
        .set({
          stepIndex: index,
          dueAt,
          state,
          endReason,
          endedAt: state === 'running' ? null : now,
        })
        .where(eq(journeyRuns.id, run.id));
      return { sent, state };
    });
  }

  /** Runs one step that is not a wait or a branch; answers how many pushes it queued. */
  async function runAction(
    tx: Executor,
    run: { id: number; accountId: number; memberId: number; journeyId: number },
    index: number,
    step: JourneyStep,
  ): Promise<number> {
    switch (step.kind) {
      case 'send': {
        const [template] = await tx
          .select({ messages: messageTemplates.messages })
          .from(messageTemplates)
          .where(
            and(
              eq(messageTemplates.id, step.template_id),
              eq(messageTemplates.accountId, run.accountId),
            ),
          );
        // A template deleted since the journey was saved sends nothing; the journey goes on.
        if (!template) return 0;
        const messages = await renderMessages(
          deps.rendererFor(tx),
          run.accountId,
          run.memberId,
          template.messages,
        );
        const id = await pushes.enqueue(
          tx,
          run.accountId,
          run.memberId,
          messages,
          journeyPushKey(run.id, index),
        );
        return id === null ? 0 : 1;
      }
      case 'add_tag':
      case 'remove_tag': {
        if (!(await ownedIds(tx, run.accountId, 'tag', [step.tag_id])).has(step.tag_id)) return 0;
        await changeMemberTags(tx, run.memberId, {
          add: step.kind === 'add_tag' ? [step.tag_id] : [],
          remove: step.kind === 'remove_tag' ? [step.tag_id] : [],
        });
        return 0;
      }
      case 'add_journey_tag': {
        if (
          !(await ownedIds(tx, run.accountId, 'journeyTag', [step.journey_tag_id])).has(
            step.journey_tag_id,
          )
        )
          return 0;
        await tx
          .insert(journeyTagMembers)
          .values({
            journeyId: run.journeyId,
            journeyTagId: step.journey_tag_id,
            memberId: run.memberId,
          })
          .onConflictDoNothing();
        return 0;
      }
      case 'remove_journey_tag':
        await tx
          .delete(journeyTagMembers)
          .where(
            and(
              eq(journeyTagMembers.journeyId, run.journeyId),
              eq(journeyTagMembers.journeyTagId, step.journey_tag_id),
              eq(journeyTagMembers.memberId, run.memberId),
            ),
          );
        return 0;
      default:
        return 0;
    }
  }

  /** Whether the segment finds the friend now; a deleted segment finds nobody. */
  async function friendMatches(
    tx: Executor,
    accountId: number,
    memberId: number,
    memberQueryId: number,
    now: Date,
  ) {
    const where = await segmentPredicate(tx, accountId, memberQueryId, todayInTokyo(now));
    if (!where) return false;
    const [found] = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.id, memberId), eq(members.accountId, accountId), where));
    return found !== undefined;
  }

  return {
    /** Advances these runs now (a trigger's fresh runs, without waiting for the next pass). */
    async advance(runIds: number[]) {
      const now = clock();
      let sent = 0;
      for (const id of runIds) sent += (await advanceOne(id, now))?.sent ?? 0;
      return sent;
    },

    /** Advances every run whose time has come, oldest first, in batches. */
    async advanceDue(): Promise<{ advanced: number; sent: number }> {
      const now = clock();
      let advanced = 0;
      let sent = 0;
      for (;;) {
        const due = await db
          .select({ id: journeyRuns.id })
          .from(journeyRuns)
          .innerJoin(
            journeys,
            and(eq(journeys.id, journeyRuns.journeyId), eq(journeys.isActive, true)),
          )
          .where(and(eq(journeyRuns.state, 'running'), lte(journeyRuns.dueAt, now)))
          .orderBy(asc(journeyRuns.dueAt), asc(journeyRuns.id))
          .limit(CLAIM_BATCH);
        let moved = 0;
        for (const { id } of due) {
          const outcome = await advanceOne(id, now);
          if (outcome) {
            moved += 1;
            sent += outcome.sent;
          }
        }
        advanced += moved;
        // Another process holds the rest, or nothing is left.
        if (due.length < CLAIM_BATCH || moved === 0) break;
      }
      return { advanced, sent };
    },
  };
}

export type JourneyRunner = ReturnType<typeof createJourneyRunner>;
