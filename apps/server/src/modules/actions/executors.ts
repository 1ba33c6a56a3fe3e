import type { Action, VarType } from '@tsunagu/contracts';
import { and, eq } from 'drizzle-orm';
import { journeyRuns, journeys, messageTemplates, operatorNotices } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { startEpisode } from '../episodes/index.js';
import {
  choicesOfVars,
  friendInfoItemsByIds,
  parseVarValue,
  replaceFriendValues,
} from '../friend-info/index.js';
import { ownedIds, startJourney } from '../journeys/index.js';
import { textMessage, type PushQueue } from '../line-push/index.js';
import { renderMessages, type RenderMessage } from '../message-aliases/index.js';
import { queueRichMenuSwitch } from '../rich-menus/index.js';
import { changeMemberTags } from '../tags/index.js';
import { fanOutStaffNotice } from '../staff-notify/index.js';

/** What became of one action (kept in the run; triggers answer it as their `result`). */
export type ActionResult = 'ran' | 'already' | 'target_missing' | 'inactive' | 'refused';

export interface ActionDeps {
  pushes: PushQueue;
  rendererFor: (executor: Executor) => RenderMessage;
}

/** Where one action runs: the friend, the account, and the keys that make it once per cause. */
export interface ActionContext {
  accountId: number;
  memberId: number;
  now: Date;
  /** The push's dedupe key of a send (once per cause and action). */
  pushKey: string;
  /** The journey run's entry key of a start (once per cause and action). */
  entryKey: string;
  /** The operator notice's key. */
  noticeKey: string;
  /** A send tries this reply token first (the greeting on follow, decision 0254). */
  reply?: { token: string; until: Date };
}

export type ActionOutcome = { result: ActionResult; journeyRunId?: number };

const ENDED_BY_ACTION = 'アクションで停止しました';

async function owns(
  tx: Executor,
  accountId: number,
  kind: 'template' | 'tag' | 'journey',
  id: number,
) {
  return (await ownedIds(tx, accountId, kind, [id])).has(id);
}

async function send(
  tx: Executor,
  deps: ActionDeps,
  ctx: ActionContext,
  messages: readonly unknown[],
): Promise<ActionOutcome> {
  const rendered = await renderMessages(
    deps.rendererFor(tx),
    ctx.accountId,
    ctx.memberId,
    messages,
  );
  const id = await deps.pushes.enqueue(
    tx,
    ctx.accountId,
    ctx.memberId,
    rendered,
    ctx.pushKey,
    ctx.reply,
  );
  return { result: id === null ? 'already' : 'ran' };
}

/**
 * Runs one action for one friend in the caller's transaction, through the module that owns it
 * (tags, journeys' enrolment, friend information, templates' rendering and the push queue).
 * Every target is looked up among the account's own rows: another account's id is
 * `target_missing`, never run. Each is idempotent under the context's keys.
 */
export async function runAction(
  tx: Executor,
  deps: ActionDeps,
  ctx: ActionContext,
  action: Action,
): Promise<ActionOutcome> {
  const { accountId, memberId } = ctx;
  switch (action.type) {
    case 'send_template': {
      if (!(await owns(tx, accountId, 'template', action.template_id)))
        return { result: 'target_missing' };
      const [template] = await tx
        .select({ messages: messageTemplates.messages })
        .from(messageTemplates)
        .where(eq(messageTemplates.id, action.template_id));
      return send(tx, deps, ctx, template!.messages as unknown[]);
    }
    case 'send_text':
      return send(tx, deps, ctx, [textMessage(action.text)]);
    case 'add_tag':
    case 'remove_tag': {
      if (!(await owns(tx, accountId, 'tag', action.tag_id))) return { result: 'target_missing' };
      const add = action.type === 'add_tag';
      await changeMemberTags(tx, memberId, {
        add: add ? [action.tag_id] : [],
        remove: add ? [] : [action.tag_id],
      });
      return { result: 'ran' };
    }
    case 'set_friend_info': {
      const [item] = await friendInfoItemsByIds(tx, accountId, [action.var_id]);
      if (!item) return { result: 'target_missing' };
      const choices = await choicesOfVars(tx, [item.id]);
      const parsed = parseVarValue(
        { name: item.name, type: item.type as VarType },
        new Set(choices.map((choice) => choice.id)),
        action.value,
      );
      if ('error' in parsed) return { result: 'refused' };
      await replaceFriendValues(
        tx,
        memberId,
        [item.id],
        parsed.rows.map((row) => ({ varId: item.id, ...row })),
      );
      return { result: 'ran' };
    }
    case 'start_journey': {
      if (!(await owns(tx, accountId, 'journey', action.journey_id)))
        return { result: 'target_missing' };
      const [journey] = await tx
        .select({ isActive: journeys.isActive })
        .from(journeys)
        .where(eq(journeys.id, action.journey_id));
      if (!journey?.isActive) return { result: 'inactive' };
      const runId = await startJourney(tx, {
        accountId,
        journeyId: action.journey_id,
        memberId,
        entryKey: ctx.entryKey,
        now: ctx.now,
      });
      return runId === null ? { result: 'already' } : { result: 'ran', journeyRunId: runId };
    }
    case 'stop_journey': {
      if (!(await owns(tx, accountId, 'journey', action.journey_id)))
        return { result: 'target_missing' };
      await tx
        .update(journeyRuns)
        .set({ state: 'left', endReason: ENDED_BY_ACTION, endedAt: ctx.now })
        .where(
          and(
            eq(journeyRuns.journeyId, action.journey_id),
            eq(journeyRuns.memberId, memberId),
            eq(journeyRuns.state, 'running'),
          ),
        );
      return { result: 'ran' };
    }
    case 'notify_operators': {
      const inserted = await tx
        .insert(operatorNotices)
        .values({ accountId, memberId, text: action.text, key: ctx.noticeKey })
        .onConflictDoNothing()
        .returning({ id: operatorNotices.id });
      // Staff hear of it on their channels too (issue 26, decision 0280).
      if (inserted[0]) await fanOutStaffNotice(tx, accountId, inserted[0].id, 'action');
      return { result: inserted.length > 0 ? 'ran' : 'already' };
    }
    case 'switch_rich_menu':
      return {
        result: await queueRichMenuSwitch(tx, {
          accountId,
          memberId,
          richMenuId: action.rich_menu_id,
          causeKey: ctx.pushKey,
        }),
      };
    // Timed from this run (decision 0383); once per cause and action under the entry key.
    case 'start_episode':
      return {
        result: await startEpisode(tx, {
          accountId,
          episodeId: action.episode_id,
          memberId,
          key: ctx.entryKey,
          now: ctx.now,
        }),
      };
  }
}
