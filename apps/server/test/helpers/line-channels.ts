import { createHmac } from 'node:crypto';
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
