import {
  CHAT_TEXT,
  friendRecipient,
  renderedCheckFailure,
  sendableMessagesProblems,
  type ChatSendInput,
  type ChatSendResult,
} from '@tsunagu/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { chatMessages, members } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { NotFoundError } from '../../lib/errors.js';
import { fieldError } from '../../lib/validate.js';
import { LineApiError, type LineClient, type SendCredentials } from '../line/index.js';
import type { PushQueue } from '../line-push/index.js';
import type { RenderMessage } from '../message-aliases/index.js';
import { outgoingMessages, recordOutgoing, type ChatAuthor } from './outgoing.js';
import { takeReplyToken } from './reply-token.js';

export { REPLY_TOKEN_SECONDS, replyTokenValid } from './reply-token.js';

export interface ChatSendDeps {
  db: Database;
  client: LineClient;
  credentials: { forSending(accountId: number): Promise<SendCredentials> };
  pushes: PushQueue;
  renderMessage: RenderMessage;
  /** False in dry-run (LINE_PUSH_SENDER): nothing is replied to LINE, pushes are logged. */
  replyToLine: boolean;
}

type Outcome = { via: 'reply' } | { via: 'reply-unknown'; reason: string } | { via: 'push' };

/**
 * Sends an operator's (or an automatic answer's, decision 0356) message to a friend (issue 24, decision 0234): with the friend's reply
 * token while it is fresh (free), otherwise — or when LINE refuses the token — as a push through
 * the line-push pipeline, under one retry key, so a push whose first attempt timed out is
 * delivered once. A reply that timed out is asked once more with the same token; if LINE then
 * calls the token used, the first may have arrived: it is 送信結果不明, never pushed again.
 */
export function createChatSender(deps: ChatSendDeps) {
  const { db } = deps;

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

  return {
    async send(
      accountId: number,
      author: ChatAuthor,
      friendId: number,
      input: ChatSendInput,
      origin: string,
    ): Promise<{ ids: number[]; result: Omit<ChatSendResult, 'messages'> }> {
      const [friend] = await db
        .select({ id: members.id, followState: members.followState, name: members.displayName })
        .from(members)
        .where(and(eq(members.accountId, accountId), eq(members.id, friendId)));
      if (!friend) throw new NotFoundError(CHAT_TEXT.friendNotFound);
      if (friend.followState !== 'following') throw fieldError('text', CHAT_TEXT.friendBlocked);
      const sending = await deps.credentials.forSending(accountId);
      if (sending.kind === 'none') throw fieldError('text', CHAT_TEXT.notConnected);
      const messages = await outgoingMessages(
        db,
        deps.renderMessage,
        accountId,
        friendId,
        input,
        origin,
      );
      const field =
        input.template_id !== undefined
          ? 'template_id'
          : input.image_id !== undefined
            ? 'image_id'
            : input.image_url
              ? 'image_url'
              : 'text';
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
          recordOutgoing(
            tx,
            accountId,
            friendId,
            author,
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
        const recorded = await recordOutgoing(
          tx,
          accountId,
          friendId,
          author,
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
