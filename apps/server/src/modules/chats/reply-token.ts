import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { chatMessages } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

/**
 * A reply token is used only this soon after the friend's message (LINE's tokens live about a
 * minute; the margin covers the webhook's own delay and clock skew, decision 0234).
 */
export const REPLY_TOKEN_SECONDS = 50;

/** The friend's newest reply token still fresh and unused, taken (it works once). */
export async function takeReplyToken(tx: Executor, accountId: number, friendId: number) {
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
