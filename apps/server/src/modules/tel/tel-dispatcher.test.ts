import { createHash } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import { TEL_MESSAGES } from '@tsunagu/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { telMessages } from '../../db/schema/index.js';
import { createTelDispatcher } from './dispatcher.js';
import { dispatcherOptions, telDispatcherFromConfig } from './jobs.js';
import { lineParts } from '../line/index.js';
import { startFakeLine, type FakeLine } from '../../../test/fakes/fake-line.js';
import { collectingLog } from '../../../test/helpers/logs.js';
import { uploadCsv } from '../../../test/helpers/multipart.js';
import {
  TEST_SECRETS_KEY,
  createTestApp,
  databaseKind,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';

type Client = Awaited<ReturnType<typeof signIn>>;

const TOKEN = 'test-channel-access-token';
const HEADER = 'tel,date,time,template_id,param_1,param_2';

describe(`tel dispatcher against a fake LINE (${databaseKind})`, () => {
  let t: TestApp;
  let demo: Client;
  let line: FakeLine;
  let templateId: number;

  beforeAll(async () => {
    line = await startFakeLine({ token: TOKEN });
    t = await createTestApp({
      TEL_SENDER: 'line',
      LINE_CHANNEL_ACCESS_TOKEN: TOKEN,
      LINE_CHANNEL_SECRET: 'test-channel-secret',
      LINE_API_BASE: line.url,
      SECRETS_KEY: TEST_SECRETS_KEY,
      TEL_REQUEST_TIMEOUT_MS: '5000',
      TEL_LEASE_SECONDS: '15',
      TEL_RETRY_BASE_MS: '10',
      TEL_MAX_ATTEMPTS: '3',
      TEL_POLL_MS: '20',
    });
    demo = await signIn(t.app, 'demo');
    const created = await demo.post('/api/tel/template/register', {
      name: 'テスト',
      body: JSON.stringify([
        { type: 'text', text: '[param_1] 様' },
        { type: 'text', text: 'メモ: [param_2] / [param_3]' },
      ]),
    });
    templateId = created.json().id;
  });
  afterAll(async () => {
    await t.close();
    await line.close();
  });
  beforeEach(() => {
    line.requests.length = 0;
    line.setBehaviour(() => ({ status: 200 }));
    line.setLatency(0);
  });

  function dispatcher(overrides: Partial<Config> = {}) {
    const { log, errors } = collectingLog();
    return {
      dispatcher: telDispatcherFromConfig(t.app.db, { ...t.config, ...overrides }, log),
      errors,
    };
  }

  /** Uploads rows (due in the past unless a date is given) and places the order. */
  async function orderedOrder(rows: string[], place = true): Promise<number> {
    const response = await uploadCsv(t.app, demo.cookie, [HEADER, ...rows].join('\n'));
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    if (place)
      expect((await demo.post(`/api/tel/list/${id}/status`, { status: 1 })).statusCode).toBe(200);
    return id;
  }

  const row = (n: number, extra = '') =>
    `0901234${String(n).padStart(4, '0')},2020/1/1,9:00,${extra || 'T'},お客様${n},`;
  const rows = (count: number) =>
    Array.from({ length: count }, (_, i) => row(i)).map((r) => r.replace(',T,', `,${templateId},`));

  async function messages(orderId: number) {
    return (await demo.get(`/api/tel/list/${orderId}`)).json() as {
      id: number;
      status: number;
      sent_at: string | null;
      failure_reason: string | null;
    }[];
  }

  async function order(orderId: number) {
    return (await demo.get('/api/tel/list')).json().find((o: { id: number }) => o.id === orderId);
  }

  it('TEL-40 sends with the bearer token, delivery tag, hashed E.164 number and rendered JSON; 200 → sent (3) with sent_at; order 1 → 2 → 3', async () => {
    const value = 'He said "hi"\\ and\nleft';
    const id = await orderedOrder([
      `090-1234-5678,2020/1/1,9:00,${templateId},山田,"${value.replaceAll('"', '""')}"`,
    ]);
    const { dispatcher: d, errors } = dispatcher();
    await d.runUntilIdle();
    expect(errors).toEqual([]);
    expect(line.requests).toHaveLength(1);
    const [request] = line.requests;
    const [message] = await messages(id);
    expect(request?.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request?.deliveryTag).toBe(`tsunagu-tel-${String(message?.id).padStart(8, '0')}`);
    expect(request?.body.to).toBe(createHash('sha256').update('+819012345678').digest('hex'));
    expect(request?.body.messages).toEqual([
      { type: 'text', text: '山田 様' },
      { type: 'text', text: `メモ: ${value} / ` },
    ]);
    expect(message).toMatchObject({ status: 3, failure_reason: null });
    expect(message?.sent_at).toMatch(/\+09:00$/);
    expect(await order(id)).toMatchObject({
      status: 3,
      count_all: 1,
      count_success: 1,
      count_failed: 0,
    });
  });

  it('TEL-17 the order is in progress (2) while messages are being sent', async () => {
    // LINE holds each answer long enough to look at the order while the first is in flight:
    // the check waits for that request to arrive, not for a guessed time.
    line.setLatency(1500);
    const id = await orderedOrder(rows(3));
    const { dispatcher: d } = dispatcher({ TEL_REQUEST_TIMEOUT_MS: 5000 });
    const before = line.requests.length;
    const run = d.runUntilIdle();
    await until(() => line.requests.length > before);
    expect((await demo.get(`/api/tel/list/${id}/status`)).json()).toEqual({ status: 2 });
    expect((await messages(id)).map((m) => m.status)).toEqual([2, 2, 2]);
    await run;
    expect((await demo.get(`/api/tel/list/${id}/status`)).json()).toEqual({ status: 3 });
  });

  it('202 is sent too', async () => {
    line.setBehaviour(() => ({ status: 202 }));
    const id = await orderedOrder(rows(1));
    await dispatcher().dispatcher.runUntilIdle();
    expect((await messages(id))[0]?.status).toBe(3);
  });

  it('TEL-42 422 from LINE → cannot send (-3) with the reason', async () => {
    line.setBehaviour(() => ({ status: 422 }));
    const id = await orderedOrder(rows(1));
    await dispatcher().dispatcher.runUntilIdle();
    const [message] = await messages(id);
    expect(message).toMatchObject({ status: -3, sent_at: null });
    expect(message?.failure_reason).toContain('422');
    expect(await order(id)).toMatchObject({ status: 3, count_success: 0, count_failed: 1 });
  });

  it("TEL-41 a 400 keeps LINE's details[] (property and message) on the failed message", async () => {
    const details = [
      { property: 'messages[0].altText', message: 'Length must be between 0 and 1500' },
      { property: 'messages[0].contents.action.uri', message: 'invalid uri' },
    ];
    line.setBehaviour(() => ({
      status: 400,
      body: { message: 'The request body has 2 error(s)', details },
    }));
    const id = await orderedOrder(rows(1));
    await dispatcher().dispatcher.runUntilIdle();
    const [message] = (await demo.get(`/api/tel/list/${id}`)).json() as {
      status: number;
      failure_reason: string;
      failure_details: unknown[];
    }[];
    expect(message).toMatchObject({ status: -2, failure_details: details });
    expect(message!.failure_reason).toContain('The request body has 2 error(s)');
  });

  // 401 is not the message's fault: it pauses the channel (decision 0045, tested below).
  it.each([400, 403])('TEL-41 %i from LINE → failed (-2), not retried', async (status) => {
    line.setBehaviour(() => ({ status }));
    const id = await orderedOrder(rows(1));
    await dispatcher().dispatcher.runUntilIdle();
    const [message] = await messages(id);
    expect(message?.status).toBe(-2);
    expect(message?.failure_reason).toContain(String(status));
    expect(line.requests).toHaveLength(1);
  });

  it('a token LINE refuses (401) pauses the account: the channel needs attention, messages wait, and go once it is fixed', async () => {
    const id = await orderedOrder(rows(3));
    line.revoke(TOKEN);
    await dispatcher().dispatcher.runUntilIdle();
    // Not failed message after message: every one waits, its attempt not counted.
    expect((await messages(id)).map((m) => [m.status, m.failure_reason])).toEqual([
      [1, null],
      [1, null],
      [1, null],
    ]);
    expect(line.requests.filter((r) => r.status === 401).length).toBeGreaterThan(0);
    const channel = (await demo.get('/api/line/channel')).json();
    expect(channel).toMatchObject({
      state: 'attention',
      state_reason: expect.stringContaining('401'),
    });
    const tried = line.requests.length;
    await dispatcher().dispatcher.runUntilIdle();
    expect(line.requests).toHaveLength(tried); // paused: nothing is tried again

    // The owner pastes a new token: LINE accepts it, the channel is fine, sending resumes.
    const fresh = line.issueToken(line.channels[0]!.channelId);
    const fixed = await demo.put('/api/line/channel', {
      channel_id: line.channels[0]!.channelId,
      channel_secret: line.channels[0]!.secret,
      channel_access_token: fresh,
      pnp_enabled: true,
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().state).toBe('ok');
    await runUntilSettled(dispatcher().dispatcher, id);
    expect((await messages(id)).map((m) => m.status)).toEqual([3, 3, 3]);
    expect(line.requests.at(-1)?.authorization).toBe(`Bearer ${fresh}`);
  });

  async function until(check: () => Promise<boolean> | boolean, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out waiting');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function runUntilSettled(d: { runUntilIdle(): Promise<void> }, orderId: number) {
    for (let i = 0; i < 200; i += 1) {
      await d.runUntilIdle();
      if ((await order(orderId)).status === 3) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('order did not settle');
  }

  it('429 and 5xx are retried with back-off: a 429 burst then 200 → sent', async () => {
    line.setBehaviour((call) => ({ status: call < 2 ? 429 : call === 2 ? 503 : 200 }));
    const id = await orderedOrder(rows(1));
    const { dispatcher: d } = dispatcher({ TEL_MAX_ATTEMPTS: 5 });
    await runUntilSettled(d, id);
    expect(line.requests.map((r) => r.status)).toEqual([429, 429, 503, 200]);
    expect(new Set(line.requests.map((r) => r.deliveryTag)).size).toBe(1);
    expect((await messages(id))[0]?.status).toBe(3);
  });

  it('5xx every time → failed after the bounded number of attempts, with the reason', async () => {
    line.setBehaviour(() => ({ status: 500 }));
    const id = await orderedOrder(rows(1));
    await runUntilSettled(dispatcher().dispatcher, id);
    expect(line.requests).toHaveLength(3);
    const [message] = await messages(id);
    expect(message?.status).toBe(-2);
    expect(message?.failure_reason).toBe(
      'LINE のサーバーエラー（500: Internal server error）、3回試行しました',
    );
  });

  it('a refused connection is retried, then failed', async () => {
    const id = await orderedOrder(rows(1));
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    await runUntilSettled(dispatcher({ LINE_API_BASE: `http://127.0.0.1:${port}` }).dispatcher, id);
    const [message] = await messages(id);
    expect(message?.status).toBe(-2);
    expect(message?.failure_reason).toBe(
      'LINE に接続できませんでした（ECONNREFUSED）、3回試行しました',
    );
  });

  it('a timeout is never retried (LINE may have taken it): failed, 送信結果不明', async () => {
    line.setBehaviour(() => ({ status: 200, hang: true }));
    const id = await orderedOrder(rows(1));
    await dispatcher({ TEL_REQUEST_TIMEOUT_MS: 300 }).dispatcher.runUntilIdle();
    expect(line.requests).toHaveLength(1);
    const [message] = await messages(id);
    expect(message?.status).toBe(-2);
    expect(message?.failure_reason).toBe('送信結果不明（LINE から応答がありませんでした）');
  });

  it('a connection dropped after the request arrived is never retried: failed, 送信結果不明', async () => {
    line.setBehaviour(() => ({ status: 200, drop: true }));
    const id = await orderedOrder(rows(1));
    await dispatcher().dispatcher.runUntilIdle();
    expect(line.requests).toHaveLength(1);
    const [message] = await messages(id);
    expect(message?.status).toBe(-2);
    expect(message?.failure_reason).toBe('送信結果不明（通信が途切れました: UND_ERR_SOCKET）');
  });

  it('outcomes written together keep each message its own status and reason', async () => {
    // One flush holds them all (40 < TEL_BATCH_SIZE, well within 50 ms at 0 ms latency).
    // (401 pauses the channel instead: decision 0045.)
    const answers = [200, 422, 400, 202, 403];
    const statusOf: Record<number, number> = { 200: 3, 202: 3, 422: -3, 400: -2, 403: -2 };
    const byTag = new Map<string, number>();
    line.setBehaviour((call, request) => {
      const status = answers[call % answers.length]!;
      byTag.set(request.deliveryTag ?? '', status);
      return { status };
    });
    const id = await orderedOrder(rows(40));
    await dispatcher().dispatcher.runUntilIdle();
    const sent = await messages(id);
    expect(sent).toHaveLength(40);
    for (const message of sent) {
      const answered = byTag.get(`tsunagu-tel-${String(message.id).padStart(8, '0')}`);
      expect(answered).toBeDefined();
      expect(message.status).toBe(statusOf[answered!]);
      if (answered === 200 || answered === 202) {
        expect(message.failure_reason).toBeNull();
        expect(message.sent_at).not.toBeNull();
      } else {
        expect(message.failure_reason).toContain(String(answered));
        expect(message.sent_at).toBeNull();
      }
    }
    const success = sent.filter((m) => m.status === 3).length;
    expect(await order(id)).toMatchObject({
      status: 3,
      count_success: success,
      count_failed: 40 - success,
    });
  });

  it('messages are claimed in due time, then upload order, across orders', async () => {
    const later = await orderedOrder(
      rows(3).map((r) => r.replace('2020/1/1,9:00', '2020/1/1,10:00')),
    );
    const earlier = await orderedOrder(rows(3));
    // One request at a time: the requests go out in claim order.
    await dispatcher({ TEL_CONCURRENCY: 1 }).dispatcher.runUntilIdle();
    const tag = (messageId: number) => `tsunagu-tel-${String(messageId).padStart(8, '0')}`;
    const expected = [...(await messages(earlier)), ...(await messages(later))]
      .map((m) => m.id)
      .map(tag);
    const ours = new Set(expected);
    expect(line.requests.map((r) => r.deliveryTag).filter((t) => ours.has(t ?? ''))).toEqual(
      expected,
    );
  });

  it('placing an order wakes a running dispatcher at once (NOTIFY), without waiting for its poll', async () => {
    const first = await orderedOrder(rows(1));
    const { log } = collectingLog();
    // A poll interval far longer than this test may take: only the wake can send the second.
    const d = telDispatcherFromConfig(
      t.app.db,
      { ...t.config, TEL_POLL_MS: 600_000 },
      log,
      t.app.dbListen,
    );
    d.start();
    try {
      await until(async () => (await order(first)).status === 3);
      // The loop has found nothing more due and sleeps for its poll interval now.
      const second = await orderedOrder(rows(2));
      await until(async () => (await order(second)).status === 3);
      expect((await messages(second)).map((m) => m.status)).toEqual([3, 3]);
    } finally {
      await d.stop();
    }
  });

  it('stopping gives claimed but never sent messages back; they are sent later, once', async () => {
    line.setLatency(200);
    const id = await orderedOrder(rows(10));
    const { log } = collectingLog();
    // Two requests in flight, the other eight claimed into the prefetch queue.
    const d = telDispatcherFromConfig(
      t.app.db,
      { ...t.config, TEL_CONCURRENCY: 2, TEL_BATCH_SIZE: 10 },
      log,
    );
    d.start();
    await until(() => line.requests.length >= 2);
    expect(d.unsettled).toBe(10);
    await d.stop();
    const afterStop = await messages(id);
    const sent = afterStop.filter((m) => m.status === 3);
    expect(sent).toHaveLength(2);
    expect(afterStop.filter((m) => m.status === 1)).toHaveLength(8);
    expect(afterStop.filter((m) => m.status === 1).map((m) => m.failure_reason)).toEqual(
      Array(8).fill(null),
    );
    line.setLatency(0);
    await dispatcher().dispatcher.runUntilIdle();
    const ours = new Set(afterStop.map((m) => `tsunagu-tel-${String(m.id).padStart(8, '0')}`));
    const tags = line.requests.map((r) => r.deliveryTag).filter((tag) => ours.has(tag ?? ''));
    expect(tags).toHaveLength(10);
    expect(new Set(tags).size).toBe(10);
    expect(await order(id)).toMatchObject({ status: 3, count_success: 10, count_failed: 0 });
  });

  it('TEL-27 template id 0 → cannot send (-3), nothing is sent', async () => {
    const id = await orderedOrder([row(1, '999999')]);
    await dispatcher().dispatcher.runUntilIdle();
    expect(line.requests).toHaveLength(0);
    const [message] = await messages(id);
    expect(message).toMatchObject({ status: -3, failure_reason: '無効なテンプレート番号' });
    expect(await order(id)).toMatchObject({ status: 3, count_failed: 1 });
  });

  it('TEL-62 a draft is never sent, and messages are sent only when due', async () => {
    const draft = await orderedOrder(rows(1), false);
    const future = await orderedOrder([`09011112222,2099/1/1,9:00,${templateId},未来,`]);
    await dispatcher().dispatcher.runUntilIdle();
    expect(line.requests).toHaveLength(0);
    expect((await messages(draft))[0]?.status).toBe(1);
    expect((await messages(future))[0]?.status).toBe(1);
    expect((await order(future)).status).toBe(1);
  });

  it('TEL-33 cancelling stops unsent messages; sent ones stay sent', async () => {
    const id = await orderedOrder([
      `09011112222,2020/1/1,9:00,${templateId},今,`,
      `09033334444,2099/1/1,9:00,${templateId},後,`,
    ]);
    const { dispatcher: d } = dispatcher();
    await d.runUntilIdle();
    expect((await order(id)).status).toBe(2);
    expect((await demo.post(`/api/tel/list/${id}/status`, { status: -1 })).json()).toEqual({
      status: -1,
    });
    // The second message falls due; the order is cancelled, so it is not sent.
    await t.app.db
      .update(telMessages)
      .set({ nextAttemptAt: sql`now() - interval '1 minute'` })
      .where(eq(telMessages.orderId, id));
    await d.runUntilIdle();
    expect(line.requests).toHaveLength(1);
    expect((await messages(id)).map((m) => m.status)).toEqual([3, 1]);
    expect(await order(id)).toMatchObject({ status: -1, count_success: 1, count_failed: 0 });
  });

  it('a message left processing past its lease (a crashed worker) becomes failed, 送信結果不明, and is never sent', async () => {
    const id = await orderedOrder(rows(2));
    const [first] = await messages(id);
    await t.app.db
      .update(telMessages)
      .set({ status: 2, processingStartedAt: sql`now() - interval '1 hour'` })
      .where(eq(telMessages.id, first!.id));
    await dispatcher().dispatcher.runUntilIdle();
    const after = await messages(id);
    expect(after[0]).toMatchObject({ status: -2, failure_reason: TEL_MESSAGES.resultUnknown });
    expect(after[1]?.status).toBe(3);
    expect(line.requests.map((r) => r.deliveryTag)).not.toContain(
      `tsunagu-tel-${String(first!.id).padStart(8, '0')}`,
    );
    expect(await order(id)).toMatchObject({ status: 3, count_success: 1, count_failed: 1 });
  });

  it('the rate limiter keeps requests under the configured rate in every one-second window', async () => {
    const rate = 100;
    const id = await orderedOrder(rows(250));
    const granted: number[] = [];
    const { log } = collectingLog();
    const d = createTelDispatcher({
      db: t.app.db,
      log,
      sender: telDispatcherFromConfig(t.app.db, t.config, log).sender,
      credentials: lineParts(t.app.db, t.config).credentials,
      options: {
        ...dispatcherOptions(t.config),
        concurrency: 20,
        ratePerSecond: rate,
        onRateGrant: (at) => granted.push(at),
      },
    });
    await d.runUntilIdle();
    const failures = (await messages(id)).filter((m) => m.status !== 3);
    expect(failures.map((m) => m.failure_reason)).toEqual([]);
    expect(granted).toHaveLength(250);
    let most = 0;
    for (let i = 0, j = 0; i < granted.length; i += 1) {
      while (granted[i]! - granted[j]! >= 1000) j += 1;
      most = Math.max(most, i - j + 1);
    }
    expect(most).toBeLessThanOrEqual(rate);
    // 250 requests at 100/s cannot take less than 1.5 s of grants.
    expect(granted.at(-1)! - granted[0]!).toBeGreaterThan(1400);
  }, 60_000);

  it('two dispatchers side by side send every message exactly once', async () => {
    line.setLatency(5);
    const id = await orderedOrder(rows(400));
    // Both share this process (and PGlite's event loop) with the fake: a generous timeout.
    const options = { TEL_BATCH_SIZE: 20, TEL_CONCURRENCY: 20 };
    const a = dispatcher(options).dispatcher;
    const b = dispatcher(options).dispatcher;
    await Promise.all([a.runUntilIdle(), b.runUntilIdle()]);
    expect((await messages(id)).filter((m) => m.status !== 3)).toEqual([]);
    const ours = new Set(
      (await messages(id)).map((m) => `tsunagu-tel-${String(m.id).padStart(8, '0')}`),
    );
    const tags = line.requests.map((r) => r.deliveryTag).filter((tag) => ours.has(tag ?? ''));
    expect(tags).toHaveLength(400);
    expect(new Set(tags).size).toBe(400);
    expect(await order(id)).toMatchObject({ status: 3, count_success: 400 });
  }, 30_000);

  it('TEL_SENDER=dry-run goes through every status and sends nothing', async () => {
    const id = await orderedOrder(rows(3));
    await dispatcher({ TEL_SENDER: 'dry-run' }).dispatcher.runUntilIdle();
    const tags = (await messages(id)).map((m) => `tsunagu-tel-${String(m.id).padStart(8, '0')}`);
    expect(line.requests.filter((r) => tags.includes(r.deliveryTag ?? ''))).toEqual([]);
    expect((await messages(id)).map((m) => m.status)).toEqual([3, 3, 3]);
    expect((await order(id)).status).toBe(3);
  });

  it('TEL-40 a message the parameters make into one LINE refuses → cannot send (-3) naming the field; the others are sent', async () => {
    const long = await demo.post('/api/tel/template/register', {
      name: '長文',
      body: JSON.stringify([{ type: 'text', text: `${'あ'.repeat(4985)}[param_1]` }]),
    });
    expect(long.statusCode, long.body).toBe(201);
    const id = await orderedOrder([
      `09012340001,2020/1/1,9:00,${long.json().id},${'長'.repeat(20)},`,
      `09012340002,2020/1/1,9:00,${long.json().id},短,`,
    ]);
    await dispatcher().dispatcher.runUntilIdle();
    expect(line.requests).toHaveLength(1);
    expect(line.requests[0]!.body.messages).toEqual([
      { type: 'text', text: `${'あ'.repeat(4985)}短` },
    ]);
    const [tooLong, sent] = await messages(id);
    expect(tooLong).toMatchObject({
      status: -3,
      failure_reason:
        'このお客様への送信を止めました（差し込んだ値でLINEが受け付けない内容になります）：1つ目のメッセージ：テキスト（text）は5,000文字以内にしてください（現在5,005文字）',
    });
    expect(sent).toMatchObject({ status: 3 });
  });
});
