import {
  friendRecipient,
  renderedCheckFailure,
  sendableMessagesProblems,
  TEMPLATE_TEXT,
  type LinePushResult,
} from '@tsunagu/contracts';
import { and, eq } from 'drizzle-orm';
import { members } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { NotFoundError } from '../../lib/errors.js';
import { fieldError } from '../../lib/validate.js';
import { findPushResult, type PushQueue } from '../line-push/index.js';
import { renderMessages, type RenderMessage } from '../message-aliases/index.js';
import { messagesOf, type NotificationContent } from './content.js';

/**
 * テスト送信 like a template's (decision 0162): to one friend chosen by the operator, rendered
 * with their values, through the push queue; every call sends again.
 */
export function createTestSender(deps: {
  db: Database;
  pushes: PushQueue;
  renderMessage: RenderMessage;
}) {
  const { db } = deps;
  return {
    async testSend(accountId: number, content: NotificationContent, friendId: number) {
      const messages = await messagesOf(db, accountId, content);
      const [friend] = await db
        .select({ id: members.id, followState: members.followState, name: members.displayName })
        .from(members)
        .where(and(eq(members.accountId, accountId), eq(members.id, friendId)));
      if (!friend) throw fieldError('friend_id', TEMPLATE_TEXT.friendNotFound);
      if (friend.followState !== 'following')
        throw fieldError('friend_id', TEMPLATE_TEXT.friendBlocked);
      const rendered = await renderMessages(deps.renderMessage, accountId, friendId, messages);
      const problems = sendableMessagesProblems(rendered);
      if (problems.length > 0)
        throw fieldError('friend_id', renderedCheckFailure(friendRecipient(friend.name), problems));
      return { push_id: (await deps.pushes.enqueue(db, accountId, friendId, rendered))! };
    },

    async testSendResult(accountId: number, pushId: number): Promise<LinePushResult> {
      const found = await findPushResult(db, accountId, pushId);
      if (!found) throw new NotFoundError(TEMPLATE_TEXT.testSendNotFound);
      return {
        state: found.state as LinePushResult['state'],
        reason: found.reason,
        details: found.details,
      };
    },
  };
}
