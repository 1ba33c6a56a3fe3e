import type { Action } from '@tsunagu/contracts';
import { and, eq } from 'drizzle-orm';
import { actionSets, followSettings, members } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { REPLY_TOKEN_SECONDS } from '../chats/index.js';
import { recordRichMenuTap } from '../rich-menus/index.js';
import type { LineWebhookEvent, LineWebhookHandler } from '../line/index.js';
import type { ActionDeps } from './executors.js';
import type { PostbackSigner } from '../postback-signing/index.js';
import { runActions } from './runner.js';

function userOf(event: LineWebhookEvent): string | null {
  const source = event.source as { type?: unknown; userId?: unknown } | undefined;
  return source?.type === 'user' && typeof source.userId === 'string' ? source.userId : null;
}

async function friendOf(tx: Executor, accountId: number, lineUserId: string) {
  const [row] = await tx
    .select({ id: members.id, followedAt: members.followedAt, followState: members.followState })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.lineUserId, lineUserId)));
  return row;
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/**
 * Follows and postbacks of the account's channel run actions (issue 25), after the friends'
 * handler has recorded the friend, in the transaction that handles the event once:
 * - a follow of a new friend sends the greeting (with the event's reply token while it is fresh,
 *   free; pushed otherwise) and runs the follow actions, once per `follow:{friend}:{followed_at}`;
 * - an unblock (`follow.isUnblocked`) keeps followed_at, runs no follow action, and greets only
 *   when the settings say `greet`, once per event (decision 0253);
 * - a postback whose data is an action set signed for this account runs that set for the friend
 *   who tapped, once per `postback:{webhookEventId}`; forged data runs nothing (decision 0251).
 */
export function createActionsWebhookHandler(
  deps: ActionDeps & {
    signer: PostbackSigner;
    /**
     * Whether this new friend's greeting and follow actions are left out (a tracker they came
     * through says so, issue 29 / decision 0334).
     */
    skipsGreeting?: (tx: Executor, accountId: number, memberId: number) => Promise<boolean>;
  },
): LineWebhookHandler {
  async function onFollow(
    tx: Executor,
    accountId: number,
    event: Extract<LineWebhookEvent, { type: 'follow' }>,
  ) {
    const user = userOf(event);
    if (user === null) return;
    const [settings] = await tx
      .select()
      .from(followSettings)
      .where(eq(followSettings.accountId, accountId));
    if (!settings) return;
    const friend = await friendOf(tx, accountId, user);
    if (!friend || friend.followState !== 'following') return;
    const unblocked = event.follow.isUnblocked;
    if (!unblocked && (await deps.skipsGreeting?.(tx, accountId, friend.id))) return;
    const greeting: Action[] =
      settings.greetingTemplateId !== null && (!unblocked || settings.onUnblock === 'greet')
        ? [{ type: 'send_template', template_id: settings.greetingTemplateId }]
        : [];
    const actions = unblocked ? greeting : [...greeting, ...(settings.actions as Action[])];
    if (actions.length === 0) return;
    if (!unblocked && friend.followedAt === null) return;
    const cause = unblocked
      ? `unblock:${event.webhookEventId}`
      : `follow:${friend.id}:${seconds(friend.followedAt!)}`;
    const reply = {
      token: event.replyToken,
      until: new Date(event.timestamp + REPLY_TOKEN_SECONDS * 1000),
    };
    await runActions(tx, deps, {
      accountId,
      memberId: friend.id,
      cause,
      actions,
      now: new Date(),
      keys: (index) => {
        const key = `act:${cause}:${index}`;
        return {
          pushKey: key,
          entryKey: key,
          noticeKey: key,
          ...(index === 0 && greeting.length > 0 ? { reply } : {}),
        };
      },
    });
  }

  async function onPostback(
    tx: Executor,
    accountId: number,
    event: Extract<LineWebhookEvent, { type: 'postback' }>,
  ) {
    const user = userOf(event);
    if (user === null || !deps.signer.isOurs(event.postback.data)) return;
    const verified = await deps.signer.verifyData(tx, accountId, event.postback.data);
    if (verified === null) return;
    const { setId, origin } = verified;
    const [set] = await tx
      .select({ id: actionSets.id, actions: actionSets.actions })
      .from(actionSets)
      .where(and(eq(actionSets.accountId, accountId), eq(actionSets.id, setId)));
    const friend = await friendOf(tx, accountId, user);
    // A tap on a rich menu's area counts (decision 0262), even when its set is gone since.
    if (origin)
      await recordRichMenuTap(tx, {
        accountId,
        richMenuId: origin.richMenuId,
        area: origin.area,
        memberId: friend?.id ?? null,
        eventKey: `postback:${event.webhookEventId}`,
        at: new Date(event.timestamp),
      });
    if (!set || !friend) return;
    await runActions(tx, deps, {
      accountId,
      memberId: friend.id,
      cause: `postback:${event.webhookEventId}`,
      actionSetId: set.id,
      actions: set.actions as Action[],
      now: new Date(),
    });
  }

  return async (tx, accountId, event) => {
    if (event.type === 'follow') await onFollow(tx, accountId, event);
    else if (event.type === 'postback') await onPostback(tx, accountId, event);
  };
}
