import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { lineWebhookEvents, telMessages } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { messageIdFromTag } from './render.js';

/** `x-line-signature`: base64 HMAC-SHA256 of the raw body with the channel secret. */
export function validLineSignature(
  rawBody: Buffer,
  signature: string | undefined,
  channelSecret: string,
): boolean {
  if (!signature) return false;
  const expected = createHmac('sha256', channelSecret).update(rawBody).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface WebhookEvent {
  type?: unknown;
  webhookEventId?: unknown;
  timestamp?: unknown;
  delivery?: { data?: unknown };
}

/**
 * Records the events of one verified webhook call. An event id seen before (LINE redelivers)
 * is ignored. A delivery completion event names our message by its delivery tag and sets its
 * delivered_at (the first report wins). Returns how many events were new.
 */
export async function recordLineWebhook(db: Database, body: unknown): Promise<number> {
  const events = (body as { events?: unknown }).events;
  if (!Array.isArray(events)) return 0;
  return db.transaction(async (tx) => {
    let fresh = 0;
    for (const event of events as WebhookEvent[]) {
      if (typeof event.webhookEventId !== 'string' || event.webhookEventId.length > 100) continue;
      const inserted = await tx
        .insert(lineWebhookEvents)
        .values({
          webhookEventId: event.webhookEventId,
          type: typeof event.type === 'string' ? event.type.slice(0, 50) : '',
        })
        .onConflictDoNothing()
        .returning({ id: lineWebhookEvents.webhookEventId });
      if (inserted.length === 0) continue;
      fresh += 1;
      if (event.type !== 'delivery' || typeof event.delivery?.data !== 'string') continue;
      const messageId = messageIdFromTag(event.delivery.data);
      if (messageId === null) continue;
      const at =
        typeof event.timestamp === 'number' && Number.isFinite(event.timestamp)
          ? new Date(event.timestamp)
          : new Date();
      await tx
        .update(telMessages)
        .set({ deliveredAt: sql`${at.toISOString()}::timestamptz` })
        .where(and(eq(telMessages.id, messageId), isNull(telMessages.deliveredAt)));
    }
    return fresh;
  });
}
