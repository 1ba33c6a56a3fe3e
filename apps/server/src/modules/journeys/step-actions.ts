import { todayInTokyo, type JourneyStep } from '@tsunagu/contracts';
import { and, eq } from 'drizzle-orm';
import { journeyTagMembers, members, messageTemplates } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import type { PushQueue } from '../line-push/index.js';
import { renderMessages, type RenderMessage } from '../message-aliases/index.js';
import { segmentPredicate } from '../member-queries/index.js';
import { changeMemberTags } from '../tags/index.js';
import { ownedIds } from './references.js';

/** What a journey's steps act on, all on the run's own transaction (decision 0169). */

/** Push key of a journey's send step: one push per run and step, whatever happens. */
export const journeyPushKey = (runId: number, stepIndex: number) => `jrn:${runId}:${stepIndex}`;

export type StepDeps = {
  pushes: PushQueue;
  /** Renders a step's messages for the friend, on the run's own transaction. */
  rendererFor: (executor: Executor) => RenderMessage;
};

/** Runs one step that is not a wait or a branch; answers how many pushes it queued. */
export async function runStepAction(
  deps: StepDeps,
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
      const id = await deps.pushes.enqueue(
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
export async function friendMatches(
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
