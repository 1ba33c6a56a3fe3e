import type { Action } from '@tsunagu/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { actionRuns } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { runAction, type ActionDeps, type ActionOutcome } from './executors.js';

export interface RunInput {
  accountId: number;
  memberId: number;
  /** What caused the run: `postback:{webhookEventId}`, `follow:{friend}:{followed_at}`, … */
  cause: string;
  actions: readonly Action[];
  actionSetId?: number | null;
  now: Date;
  /** The keys of the action at `index` (default: `act:{cause}:{index}` for each). */
  keys?: (index: number) => {
    pushKey: string;
    entryKey: string;
    noticeKey: string;
    reply?: { token: string; until: Date };
  };
}

const defaultKeys = (cause: string) => (index: number) => {
  const key = `act:${cause}:${index}`;
  return { pushKey: key, entryKey: key, noticeKey: key };
};

/**
 * Runs a list of actions for one friend, in order, once per cause (decision 0250): the run's
 * row is unique per account and cause, so a redelivered webhook, a double tap or a retry finds
 * it and runs nothing again; `done` moves past each action in the same transaction as its
 * effect, so a run taken up again (a crash between actions run in separate transactions)
 * resumes after the last one done, never repeating it. Answers the outcomes of the actions run
 * now (none when the cause ran before).
 */
export async function runActions(
  tx: Executor,
  deps: ActionDeps,
  input: RunInput,
): Promise<ActionOutcome[]> {
  const { accountId, memberId, cause } = input;
  await tx
    .insert(actionRuns)
    .values({
      accountId,
      memberId,
      cause,
      actionSetId: input.actionSetId ?? null,
      actions: input.actions,
    })
    .onConflictDoNothing();
  const [run] = await tx
    .select()
    .from(actionRuns)
    .where(and(eq(actionRuns.accountId, accountId), eq(actionRuns.cause, cause)))
    .for('update');
  // Another friend's run under the same cause is not this one's to resume.
  if (!run || run.memberId !== memberId) return [];
  const actions = run.actions as Action[];
  const keysOf = input.keys ?? defaultKeys(cause);
  const outcomes: ActionOutcome[] = [];
  for (let index = run.done; index < actions.length; index += 1) {
    const outcome = await runAction(
      tx,
      deps,
      { accountId, memberId, now: input.now, ...keysOf(index) },
      actions[index]!,
    );
    outcomes.push(outcome);
    await tx
      .update(actionRuns)
      .set({
        done: index + 1,
        results: sql`${actionRuns.results} || ${JSON.stringify([outcome.result])}::jsonb`,
      })
      .where(eq(actionRuns.id, run.id));
  }
  return outcomes;
}
