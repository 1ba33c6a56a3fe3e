import { createHmac } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import type { FakeLineChannel as FakeChannel } from '../apps/server/test/fakes/fake-line';

const json = { 'x-requested-with': 'XMLHttpRequest' };

/** Connects the signed-in owner's account to a channel of the fake LINE (LINE連携's call). */
export async function connectChannel(page: Page, channel: FakeChannel) {
  const connected = await page.request.put('/api/line/channel', {
    headers: json,
    data: {
      channel_id: channel.channelId,
      channel_secret: channel.secret,
      channel_access_token: channel.token,
    },
  });
  expect(connected.status(), await connected.text()).toBe(200);
}

/** Disconnects it again, so the next test starts from no channel. */
export async function disconnectChannel(page: Page) {
  await page.request.delete('/api/line/channel', { headers: json });
}

/** A friend's follow or unfollow as LINE sends it in a webhook (webhook.yml's FollowEvent, UnfollowEvent). */
export function friendEvent(
  type: 'follow' | 'unfollow',
  userId: string,
  eventId: string,
  timestamp = Date.now(),
) {
  return {
    type,
    mode: 'active',
    timestamp,
    webhookEventId: eventId,
    deliveryContext: { isRedelivery: false },
    source: { type: 'user', userId },
    ...(type === 'follow'
      ? { replyToken: `reply-${eventId}`, follow: { isUnblocked: false } }
      : {}),
  };
}

/**
 * Delivers events to the console's webhook, signed with the channel's secret as LINE signs. The
 * answer comes once they are recorded; they are handled just after it (decision 0195), so what
 * follows waits for their effect on the screen.
 */
export async function deliverWebhook(page: Page, channel: FakeChannel, events: unknown[]) {
  const body = JSON.stringify({ destination: channel.botUserId, events });
  const answer = await page.request.post('/api/line/webhook', {
    headers: {
      'content-type': 'application/json',
      'x-line-signature': createHmac('sha256', channel.secret).update(body).digest('base64'),
    },
    data: body,
  });
  expect(answer.status()).toBe(200);
}
