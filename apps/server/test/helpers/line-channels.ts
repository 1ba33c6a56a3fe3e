import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { FakeLineChannel } from '../fakes/fake-line.js';
import type { signIn } from './test-app.js';

type Client = Awaited<ReturnType<typeof signIn>>;

/** `x-line-signature` as LINE makes it: base64 HMAC-SHA256 of the raw body with the secret. */
export function signLineBody(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

/** The owner connects the account's LINE channel (`PUT /api/line/channel`), as in the console. */
export async function connectChannel(
  owner: Client,
  channel: FakeLineChannel,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const connected = await owner.put('/api/line/channel', {
    channel_id: channel.channelId,
    channel_secret: channel.secret,
    channel_access_token: channel.token,
    ...extra,
  });
  expect(connected.statusCode, connected.body).toBe(200);
}

let webhookEvents = 0;

/** A webhook event of a LINE user as LINE sends it (webhook.yml): follow (or unblock), unfollow. */
export function userEvent(
  type: 'follow' | 'unfollow',
  userId: string,
  options: { unblocked?: boolean; timestamp?: number } = {},
) {
  webhookEvents += 1;
  return {
    type,
    mode: 'active',
    timestamp: options.timestamp ?? Date.now(),
    webhookEventId: `01TESTUSEREVENT${String(webhookEvents).padStart(11, '0')}`,
    deliveryContext: { isRedelivery: false },
    source: { type: 'user', userId },
    ...(type === 'follow'
      ? { replyToken: 'r', follow: { isUnblocked: options.unblocked ?? false } }
      : {}),
  };
}

/**
 * LINE calls the webhook for the channel with these events, signed with its secret; 200. The
 * events are handled after the answer (decision 0195): this resolves once they are.
 */
export async function deliverWebhook(
  app: FastifyInstance,
  channel: FakeLineChannel,
  events: unknown[],
): Promise<void> {
  const body = JSON.stringify({ destination: channel.botUserId, events });
  const response = await app.inject({
    method: 'POST',
    url: '/api/line/webhook',
    headers: {
      'content-type': 'application/json',
      'x-line-signature': signLineBody(body, channel.secret),
    },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  await app.lineWebhookEvents.runUntilIdle();
}
