import { createHmac } from 'node:crypto';
import { TEL_MESSAGES } from '@tsunagu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, signIn, type TestApp } from './helpers/test-app.js';

const SECRET = 'webhook-test-channel-secret';

function sign(body: string, secret = SECRET): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

function deliveryEvent(eventId: string, messageId: number, timestamp: number) {
  return {
    type: 'delivery',
    mode: 'active',
    timestamp,
    webhookEventId: eventId,
    deliveryContext: { isRedelivery: false },
    delivery: { data: `tsunagu-tel-${String(messageId).padStart(8, '0')}` },
  };
}

describe(`LINE webhook (${databaseKind})`, () => {
  let t: TestApp;
  let demo: Awaited<ReturnType<typeof signIn>>;
  let orderId: number;
  let messageId: number;

  beforeAll(async () => {
    t = await createTestApp({ LINE_CHANNEL_SECRET: SECRET });
    demo = await signIn(t.app, 'demo');
    orderId = (await demo.get('/api/tel/list')).json()[0].id; // the seeded demo draft
    messageId = (await demo.get(`/api/tel/list/${orderId}`)).json()[0].id;
  });
  afterAll(() => t.close());

  function post(body: string, signature: string | undefined) {
    return t.app.inject({
      method: 'POST',
      url: '/api/line/webhook',
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'x-line-signature': signature }),
      },
      payload: body,
    });
  }

  async function deliveredAt() {
    const messages = (await demo.get(`/api/tel/list/${orderId}`)).json();
    return messages.find((m: { id: number }) => m.id === messageId).delivered_at;
  }

  it('rejects a wrong or missing signature (401) and records nothing', async () => {
    const body = JSON.stringify({
      destination: 'U1',
      events: [deliveryEvent('01WRONG', messageId, 1_900_000_000_000)],
    });
    for (const signature of [undefined, sign(body, 'another-secret'), 'not-base64!', '']) {
      const response = await post(body, signature);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: TEL_MESSAGES.webhookSignature });
    }
    // A signature of the same JSON serialised differently does not match the raw bytes.
    const reformatted = await post(JSON.stringify(JSON.parse(body), null, 2), sign(body));
    expect(reformatted.statusCode).toBe(401);
    expect(await deliveredAt()).toBeNull();
  });

  it('accepts a signed call without session or CSRF header, and records the delivery against the message', async () => {
    const body = JSON.stringify({
      destination: 'U1',
      events: [deliveryEvent('01HDELIVERY0001', messageId, Date.UTC(2030, 0, 1, 0, 0, 0))],
    });
    const response = await post(body, sign(body));
    expect(response.statusCode).toBe(200);
    expect(await deliveredAt()).toBe('2030-01-01T09:00:00+09:00');
  });

  it('ignores a redelivered event id and keeps the first delivery time', async () => {
    const again = JSON.stringify({
      destination: 'U1',
      events: [deliveryEvent('01HDELIVERY0001', messageId, Date.UTC(2031, 0, 1))],
    });
    expect((await post(again, sign(again))).statusCode).toBe(200);
    expect(await deliveredAt()).toBe('2030-01-01T09:00:00+09:00');
  });

  it('answers 200 to other events, verification calls and unknown tags', async () => {
    for (const events of [
      [],
      [{ type: 'follow', webhookEventId: '01HFOLLOW', timestamp: 1 }],
      [deliveryEvent('01HUNKNOWN', 999_999_999, 1)],
      [{ type: 'delivery', webhookEventId: '01HHASH', delivery: { data: 'a'.repeat(64) } }],
    ]) {
      const body = JSON.stringify({ destination: 'U1', events });
      expect((await post(body, sign(body))).statusCode).toBe(200);
    }
  });

  it('without a channel secret nothing can be verified: refused like a bad signature (401, never 5xx)', async () => {
    const other = await createTestApp({});
    const body = '{"events":[]}';
    const response = await other.app.inject({
      method: 'POST',
      url: '/api/line/webhook',
      headers: { 'content-type': 'application/json', 'x-line-signature': sign(body) },
      payload: body,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: TEL_MESSAGES.webhookSignature });
    await other.close();
  });
});
