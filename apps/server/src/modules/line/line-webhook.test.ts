import { TEL_MESSAGES } from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/raw.js';
import { fakeChannel, startFakeLine, type FakeLine } from '../../../test/fakes/fake-line.js';
import { connectChannel, signLineBody as sign } from '../../../test/helpers/line-channels.js';
import {
  createTestApp,
  databaseKind,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';

type Client = Awaited<ReturnType<typeof signIn>>;

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

/**
 * Issue 17: one webhook URL for every account's channel. The body's `destination` names the
 * channel; only that channel's secret may sign it; events are de-duplicated per channel.
 */
describe(`LINE webhook routed by destination (${databaseKind})`, () => {
  let t: TestApp;
  let line: FakeLine;
  let demo: Client;
  let other: Client;
  const salon = fakeChannel(1);
  const clinic = fakeChannel(2);
  let orderId: number;
  let messageId: number;

  beforeAll(async () => {
    line = await startFakeLine({ channels: [salon, clinic] });
    t = await createTestApp({ LINE_API_BASE: line.url });
    [demo, other] = await Promise.all([signIn(t.app, 'demo'), signIn(t.app, 'other')]);
    await connectChannel(demo, salon, { pnp_enabled: true });
    await connectChannel(other, clinic, { pnp_enabled: true });
    orderId = (await demo.get('/api/tel/list')).json()[0].id; // the seeded demo draft
    messageId = (await demo.get(`/api/tel/list/${orderId}`)).json()[0].id;
  }, 300_000);
  afterAll(async () => {
    await t.close();
    await line.close();
  });

  /** One call; then the events it recorded are handled (after the answer, as in production). */
  async function post(body: string, signature: string | undefined) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/line/webhook',
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'x-line-signature': signature }),
      },
      payload: body,
    });
    await t.app.lineWebhookEvents.runUntilIdle();
    return response;
  }

  async function deliveredAt() {
    const messages = (await demo.get(`/api/tel/list/${orderId}`)).json();
    return messages.find((m: { id: number }) => m.id === messageId).delivered_at;
  }

  const webhookBody = (destination: string, events: unknown[]) =>
    JSON.stringify({ destination, events });

  it('refuses a wrong or missing signature, an unknown destination, and a body signed with another channel’s secret (401), recording nothing', async () => {
    const body = webhookBody(salon.botUserId, [
      deliveryEvent('01WRONG', messageId, 1_900_000_000_000),
    ]);
    for (const signature of [
      undefined,
      sign(body, 'f'.repeat(32)),
      'not-base64!',
      '',
      sign(body, clinic.secret),
    ]) {
      const response = await post(body, signature);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: TEL_MESSAGES.webhookSignature });
    }
    const unknown = webhookBody('U' + 'f'.repeat(32), []);
    expect((await post(unknown, sign(unknown, salon.secret))).statusCode).toBe(401);
    // A signature of the same JSON serialised differently does not match the raw bytes.
    const reformatted = await post(
      JSON.stringify(JSON.parse(body), null, 2),
      sign(body, salon.secret),
    );
    expect(reformatted.statusCode).toBe(401);
    expect(await deliveredAt()).toBeNull();
    const rows = await selectRows(t.app.db, sql`select * from line_webhook_events`);
    expect(rows).toEqual([]);
  });

  it('accepts a call signed by the channel its destination names, without session or CSRF header, and records the delivery', async () => {
    const body = webhookBody(salon.botUserId, [
      deliveryEvent('01HDELIVERY0001', messageId, Date.UTC(2030, 0, 1, 0, 0, 0)),
    ]);
    const response = await post(body, sign(body, salon.secret));
    expect(response.statusCode).toBe(200);
    expect(await deliveredAt()).toBe('2030-01-01T09:00:00+09:00');
  });

  it('another channel cannot report a delivery of this account’s message', async () => {
    const before = await deliveredAt();
    const body = webhookBody(clinic.botUserId, [
      deliveryEvent('01HFOREIGN0001', messageId, Date.UTC(2035, 0, 1)),
    ]);
    expect((await post(body, sign(body, clinic.secret))).statusCode).toBe(200);
    expect(await deliveredAt()).toBe(before);
  });

  it('ignores a redelivered event id per channel and keeps the first delivery time', async () => {
    const again = webhookBody(salon.botUserId, [
      deliveryEvent('01HDELIVERY0001', messageId, Date.UTC(2031, 0, 1)),
    ]);
    expect((await post(again, sign(again, salon.secret))).statusCode).toBe(200);
    expect(await deliveredAt()).toBe('2030-01-01T09:00:00+09:00');
    // The same event id at another channel is another event.
    const elsewhere = webhookBody(clinic.botUserId, [
      {
        type: 'follow',
        mode: 'active',
        timestamp: Date.UTC(2031, 0, 1),
        webhookEventId: '01HDELIVERY0001',
        deliveryContext: { isRedelivery: false },
        source: { type: 'user', userId: `U${'c'.repeat(32)}` },
        replyToken: 'r',
        follow: { isUnblocked: false },
      },
    ]);
    expect((await post(elsewhere, sign(elsewhere, clinic.secret))).statusCode).toBe(200);
    const rows = await selectRows<{ account_id: number }>(
      t.app.db,
      sql`select account_id from line_webhook_events where webhook_event_id = '01HDELIVERY0001'`,
    );
    expect(rows).toHaveLength(2);
  });

  it('answers 200 to LINE’s verification call (no events), other events and unknown tags', async () => {
    for (const events of [
      [],
      [{ type: 'follow', webhookEventId: '01HFOLLOW', timestamp: 1 }],
      [deliveryEvent('01HUNKNOWN', 999_999_999, 1)],
      [{ type: 'delivery', webhookEventId: '01HHASH', delivery: { data: 'a'.repeat(64) } }],
    ]) {
      const body = webhookBody(salon.botUserId, events);
      expect((await post(body, sign(body, salon.secret))).statusCode).toBe(200);
    }
  });

  it('a body that is not JSON is 400, one without a destination 401', async () => {
    expect((await post('{not json', sign('{not json', salon.secret))).statusCode).toBe(400);
    const bare = JSON.stringify({ events: [] });
    expect((await post(bare, sign(bare, salon.secret))).statusCode).toBe(401);
  });

  it('a destination unlike a LINE bot user id (NUL, 300,000 characters) is 401 before the database (issue 28)', async () => {
    for (const destination of ['a\u0000b', 'x'.repeat(300_000), '\ud800', salon.botUserId + 'x']) {
      const body = webhookBody(destination, []);
      const response = await post(body, sign(body, salon.secret));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: TEL_MESSAGES.webhookSignature });
    }
  });
});
