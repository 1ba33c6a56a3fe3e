import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/types.js';
import { findChannelByBot } from './repository.js';
import type { ChannelSecrets } from './secrets.js';
import { recordWebhookEvents, type EventToRecord } from './webhook-event-store.js';
import { checkEvent, LINE_BOT_USER_ID } from './webhook-events.js';

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

export type WebhookOutcome =
  | { kind: 'handled'; accountId: number; fresh: number; invalid: InvalidEvent[] }
  | { kind: 'refused' }
  | { kind: 'malformed' };

interface InvalidEvent {
  webhookEventId: string | null;
  issues: string;
}

/**
 * One webhook call (decisions 0045, 0195): the body names the channel's bot in `destination`;
 * only that channel's secret may have signed it. Unknown destination or a bad signature is
 * refused without touching any account. The events are checked against LINE's definition and
 * recorded once per channel (`webhookEventId`) in one statement — that is all the call waits for;
 * the processor handles them after the answer (`onRecorded` wakes it). Events that are not what
 * LINE defines are left out and reported. LINE's verification call has no events.
 */
export async function receiveLineWebhook(
  deps: { db: Database; secrets: ChannelSecrets; onRecorded?: () => void },
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  let body: { destination?: unknown; events?: unknown };
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { kind: 'malformed' };
  }
  // A destination unlike a bot's user id names no channel: refused before the database (which
  // would refuse a NUL in it with an error).
  if (
    typeof body !== 'object' ||
    body === null ||
    typeof body.destination !== 'string' ||
    !LINE_BOT_USER_ID.test(body.destination)
  )
    return { kind: 'refused' };
  const channel = await findChannelByBot(deps.db, body.destination);
  const secret = channel ? deps.secrets.openSecret(channel.channelSecret) : null;
  if (!channel || !secret || !validLineSignature(rawBody, signature, secret))
    return { kind: 'refused' };
  const toRecord: EventToRecord[] = [];
  const invalid: InvalidEvent[] = [];
  for (const raw of Array.isArray(body.events) ? (body.events as unknown[]) : []) {
    const checked = checkEvent(raw);
    if (checked.kind === 'handled')
      toRecord.push({ handled: true, event: checked.event, subject: checked.subject });
    else if (checked.kind === 'other')
      toRecord.push({ handled: false, webhookEventId: checked.webhookEventId, type: checked.type });
    else invalid.push({ webhookEventId: checked.webhookEventId, issues: checked.issues });
  }
  const fresh = await recordWebhookEvents(deps.db, channel.accountId, toRecord);
  if (fresh > 0) deps.onRecorded?.();
  return { kind: 'handled', accountId: channel.accountId, fresh, invalid };
}
