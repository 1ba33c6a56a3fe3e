import { createHmac, timingSafeEqual } from 'node:crypto';
import { lineWebhookEvents } from '../../db/schema/index.js';
import type { Database, Executor } from '../../db/types.js';
import { findChannelByBot } from './repository.js';
import type { ChannelSecrets } from './secrets.js';

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

/** One webhook event as LINE sends it (webhook.yml); only what routing needs is typed. */
export interface LineWebhookEvent {
  type?: unknown;
  webhookEventId?: unknown;
  timestamp?: unknown;
  mode?: unknown;
  [key: string]: unknown;
}

/**
 * Handles one new event of an account's channel, inside the transaction that records it (so a
 * redelivered event is never handled twice). Domains register theirs (tel: delivery reports).
 */
export type LineWebhookHandler = (
  tx: Executor,
  accountId: number,
  event: LineWebhookEvent,
) => Promise<void>;

export type WebhookOutcome =
  | { kind: 'handled'; accountId: number; fresh: number }
  | { kind: 'refused' }
  | { kind: 'malformed' };

/**
 * One webhook call (decision 0045): the body names the channel's bot in `destination`; only that
 * channel's secret may have signed it. Unknown destination or a bad signature is refused without
 * touching any account. Each event is recorded once per channel (`webhookEventId`); new events
 * go to every handler. LINE's verification call has no events and is answered as handled.
 */
export async function receiveLineWebhook(
  deps: { db: Database; secrets: ChannelSecrets; handlers: LineWebhookHandler[] },
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  let body: { destination?: unknown; events?: unknown };
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { kind: 'malformed' };
  }
  if (typeof body !== 'object' || body === null || typeof body.destination !== 'string')
    return { kind: 'refused' };
  const channel = await findChannelByBot(deps.db, body.destination);
  const secret = channel ? deps.secrets.openSecret(channel.channelSecret) : null;
  if (!channel || !secret || !validLineSignature(rawBody, signature, secret))
    return { kind: 'refused' };
  const events = Array.isArray(body.events) ? (body.events as LineWebhookEvent[]) : [];
  const accountId = channel.accountId;
  const fresh = await deps.db.transaction(async (tx) => {
    let count = 0;
    for (const event of events) {
      if (typeof event !== 'object' || event === null) continue;
      const id = event.webhookEventId;
      if (typeof id !== 'string' || id.length === 0 || id.length > 100) continue;
      const inserted = await tx
        .insert(lineWebhookEvents)
        .values({
          accountId,
          webhookEventId: id,
          type: typeof event.type === 'string' ? event.type.slice(0, 50) : '',
        })
        .onConflictDoNothing()
        .returning({ id: lineWebhookEvents.webhookEventId });
      if (inserted.length === 0) continue;
      count += 1;
      for (const handle of deps.handlers) await handle(tx, accountId, event);
    }
    return count;
  });
  return { kind: 'handled', accountId, fresh };
}
