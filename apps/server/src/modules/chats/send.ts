import {
  CHAT_TEXT,
  friendRecipient,
  renderedCheckFailure,
  sendableMessagesProblems,
  type ChatMessageKind,
  type ChatSendInput,
  type ChatSendResult,
} from '@tsunagu/contracts';
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { chatMessages, members, messageTemplates } from '../../db/schema/index.js';
import type { Database, Executor } from '../../db/types.js';
import { NotFoundError } from '../../lib/errors.js';
import { fieldError } from '../../lib/validate.js';
import { LineApiError, type LineClient, type SendCredentials } from '../line/index.js';
import type { PushQueue } from '../line-push/index.js';
import { renderMessages, type RenderMessage } from '../message-aliases/index.js';
import { announceChat } from './events.js';
import { kindOf, previewOf } from './preview.js';
import { touchThread } from './threads.js';

/**
 * A reply token is used only this soon after the friend's message (LINE's tokens live about a
 * minute; the margin covers the webhook's own delay and clock skew, decision 0234).
 */
export const REPLY_TOKEN_SECONDS = 50;

export interface ChatSendDeps {
  db: Database;
  client: LineClient;
  credentials: { forSending(accountId: number): Promise<SendCredentials> };
  pushes: PushQueue;
  renderMessage: RenderMessage;
  /** False in dry-run (LINE_PUSH_SENDER): nothing is replied to LINE, pushes are logged. */
  replyToLine: boolean;
}

/** The friend's newest reply token still fresh and unused, taken (it works once). */
async function takeReplyToken(tx: Executor, accountId: number, friendId: number) {
  const [fresh] = await tx
    .select({ id: chatMessages.id, replyToken: chatMessages.replyToken })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.accountId, accountId),
        eq(chatMessages.memberId, friendId),
        eq(chatMessages.direction, 'in'),
        isNotNull(chatMessages.replyToken),
        isNull(chatMessages.replyTokenUsedAt),
        sql`${chatMessages.sentAt} > now() - make_interval(secs => ${REPLY_TOKEN_SECONDS})`,
      ),
    )
    .orderBy(desc(chatMessages.sentAt), desc(chatMessages.id))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!fresh?.replyToken) return null;
  // Every older token of the friend is spent too: LINE answers the newest message.
  await tx
    .update(chatMessages)
    .set({ replyTokenUsedAt: sql`now()` })
    .where(
      and(
        eq(chatMessages.memberId, friendId),
        isNotNull(chatMessages.replyToken),
        isNull(chatMessages.replyTokenUsedAt),
      ),
    );
  return fresh.replyToken;
}

/** Whether a reply could be sent free now (the thread page says so before sending). */
export async function replyTokenValid(db: Executor, accountId: number, friendId: number) {
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.accountId, accountId),
        eq(chatMessages.memberId, friendId),
        eq(chatMessages.direction, 'in'),
        isNotNull(chatMessages.replyToken),
        isNull(chatMessages.replyTokenUsedAt),
        sql`${chatMessages.sentAt} > now() - make_interval(secs => ${REPLY_TOKEN_SECONDS})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

type Outcome = { via: 'reply' } | { via: 'reply-unknown'; reason: string } | { via: 'push' };

/**
 * Sends an operator's message to a friend (issue 24, decision 0234): with the friend's reply
 * token while it is fresh (free), otherwise — or when LINE refuses the token — as a push through
 * the line-push pipeline, under one retry key, so a push whose first attempt timed out is
 * delivered once. A reply that timed out is asked once more with the same token; if LINE then
 * calls the token used, the first may have arrived: it is 送信結果不明, never pushed again.
 */
export function createChatSender(deps: ChatSendDeps) {
  const { db } = deps;

  async function messagesFor(accountId: number, friendId: number, input: ChatSendInput) {
    let messages: unknown[];
    if (input.template_id !== undefined) {
      const [template] = await db
        .select({ messages: messageTemplates.messages })
        .from(messageTemplates)
        .where(
          and(
            eq(messageTemplates.accountId, accountId),
            eq(messageTemplates.id, input.template_id),
          ),
        );
      if (!template) throw fieldError('template_id', CHAT_TEXT.templateNotFound);
      messages = template.messages as unknown[];
    } else if (input.image_url !== undefined) {
      messages = [
        { type: 'image', originalContentUrl: input.image_url, previewImageUrl: input.image_url },
      ];
    } else {
      messages = [
        {
          type: 'text',
          text: input.text ?? '',
          ...(input.quote_token ? { quoteToken: input.quote_token } : {}),
        },
      ];
    }
    return renderMessages(deps.renderMessage, accountId, friendId, messages);
  }

  async function tryReply(
    accountId: number,
    replyToken: string,
    messages: unknown[],
  ): Promise<Outcome> {
    const sending = await deps.credentials.forSending(accountId);
    if (sending.kind !== 'ready') return { via: 'push' };
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      try {
        await deps.client.reply(sending.token, replyToken, messages);
        return { via: 'reply' };
      } catch (error) {
        if (!(error instanceof LineApiError)) throw error;
        const unsure = error.status === 0 || error.status >= 500;
        if (unsure && attempt === 1) continue;
        if (unsure) return { via: 'reply-unknown', reason: 'LINEから応答がありませんでした' };
        // Refused: after a timeout the token may have been used by the first attempt.
        if (attempt === 2)
          return { via: 'reply-unknown', reason: 'LINEから応答がなく、送信されたか分かりません' };
        return { via: 'push' };
      }
    }
    return { via: 'push' };
  }

  async function record(
    tx: Executor,
    accountId: number,
    friendId: number,
    operatorId: number,
    messages: unknown[],
    delivery: { via: 'reply' | 'push'; state: 'sent' | 'sending' | 'unknown'; reason: string },
    pushId: number | null,
  ) {
    const at = new Date();
    const ids: number[] = [];
    for (const message of messages as Record<string, unknown>[]) {
      const kind: ChatMessageKind = kindOf(message.type);
      const [row] = await tx
        .insert(chatMessages)
        .values({
          accountId,
          memberId: friendId,
          direction: 'out',
          kind,
          text: kind === 'text' && typeof message.text === 'string' ? message.text : null,
          payload: message,
          mediaState: kind === 'image' ? 'external' : null,
          sender: 'operator',
          operatorId,
          via: delivery.via,
          deliveryState: delivery.state,
          deliveryReason: delivery.reason,
          pushId,
          sentAt: at,
        })
        .returning({ id: chatMessages.id });
      ids.push(row!.id);
      await touchThread(tx, accountId, friendId, {
        at,
        kind,
        preview: previewOf(kind, kind === 'text' ? String(message.text ?? '') : null),
      });
    }
    await announceChat(tx, accountId, { type: 'message', friendId, messageId: `m${ids[0]}` });
    return ids;
  }

  return {
    async send(
      accountId: number,
      operatorId: number,
      friendId: number,
      input: ChatSendInput,
    ): Promise<{ ids: number[]; result: Omit<ChatSendResult, 'messages'> }> {
      const [friend] = await db
        .select({ id: members.id, followState: members.followState, name: members.displayName })
        .from(members)
        .where(and(eq(members.accountId, accountId), eq(members.id, friendId)));
      if (!friend) throw new NotFoundError(CHAT_TEXT.friendNotFound);
      if (friend.followState !== 'following') throw fieldError('text', CHAT_TEXT.friendBlocked);
      const sending = await deps.credentials.forSending(accountId);
      if (sending.kind === 'none') throw fieldError('text', CHAT_TEXT.notConnected);
      const messages = await messagesFor(accountId, friendId, input);
      const field =
        input.template_id !== undefined ? 'template_id' : input.image_url ? 'image_url' : 'text';
      const problems = sendableMessagesProblems(messages);
      if (problems.length > 0)
        throw fieldError(field, renderedCheckFailure(friendRecipient(friend.name), problems));

      const replyToken = deps.replyToLine
        ? await db.transaction((tx) => takeReplyToken(tx, accountId, friendId))
        : null;
      const outcome = replyToken
        ? await tryReply(accountId, replyToken, messages)
        : { via: 'push' as const };
      if (outcome.via !== 'push') {
        const ids = await db.transaction((tx) =>
          record(
            tx,
            accountId,
            friendId,
            operatorId,
            messages,
            {
              via: 'reply',
              state: outcome.via === 'reply' ? 'sent' : 'unknown',
              reason: outcome.via === 'reply' ? '' : outcome.reason,
            },
            null,
          ),
        );
        return {
          ids,
          result: { via: 'reply', counts_against_quota: false, notice: CHAT_TEXT.sentByReply },
        };
      }
      const ids = await db.transaction(async (tx) => {
        const recorded = await record(
          tx,
          accountId,
          friendId,
          operatorId,
          messages,
          {
            via: 'push',
            state: 'sending',
            reason: '',
          },
          null,
        );
        const pushId = await deps.pushes.enqueue(
          tx,
          accountId,
          friendId,
          messages,
          `chat:${recorded[0]}`,
        );
        await tx.update(chatMessages).set({ pushId }).where(inArray(chatMessages.id, recorded));
        return recorded;
      });
      return {
        ids,
        result: { via: 'push', counts_against_quota: true, notice: CHAT_TEXT.sentByPush },
      };
    },
  };
}

export type ChatSender = ReturnType<typeof createChatSender>;
