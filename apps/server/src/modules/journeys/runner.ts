import {
  addDaysToDateValue,
  todayInTokyo,
  waitMinutes,
  type JourneyStep,
} from '@tsunagu/contracts';
import { and, asc, eq, lte } from 'drizzle-orm';
import { journeyRuns, journeys, members } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { tokyoInstant } from '../../lib/tokyo-time.js';
import { friendMatches, runStepAction, type StepDeps } from './step-actions.js';

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
export function createJourneyRunner(
  deps: StepDeps & {
    db: Database;
    clock?: () => Date;
  },
) {
  const { db } = deps;
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
        sent += await runStepAction(deps, tx, run, index, step);
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
