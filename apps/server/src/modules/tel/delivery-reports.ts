import { and, eq, isNull, sql } from 'drizzle-orm';
import { telMessages } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import type { LineWebhookEvent } from '../line/index.js';
import { failUnsentMessagesOfAccount } from './dispatch-repository.js';
import { messageIdFromTag } from './render.js';
import { completeSettledOrders } from './dispatch-repository.js';
import { LINE_CHANNEL_MESSAGES } from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';

/**
 * A LINE `delivery` event of the account's channel names our message by its delivery tag
 * (notification messages by phone): its delivered_at is set, the first report wins. Only a
 * message of that same account can be named — another channel's report never touches it.
 */
export async function recordDeliveryReport(
  tx: Executor,
  accountId: number,
  event: LineWebhookEvent,
): Promise<void> {
  if (event.type !== 'delivery') return;
  const messageId = messageIdFromTag(event.delivery.data);
  if (messageId === null) return;
  const at =
    typeof event.timestamp === 'number' && Number.isFinite(event.timestamp)
      ? new Date(event.timestamp)
      : new Date();
  await tx
    .update(telMessages)
    .set({ deliveredAt: sql`${at.toISOString()}::timestamptz` })
    .where(
      and(
        eq(telMessages.id, messageId),
        eq(telMessages.accountId, accountId),
        isNull(telMessages.deliveredAt),
      ),
    );
}

/** After a disconnect (issue 17): every unsent message of the account fails with the reason. */
export async function stopSendingForAccount(db: Database, accountId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await failUnsentMessagesOfAccount(tx, accountId, LINE_CHANNEL_MESSAGES.disconnectedUnsent);
    await completeSettledOrders(tx);
  });
}
