import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { lineParts } from '../line/index.js';
import { createTelDispatcher } from './dispatcher.js';
import { dispatcherOptions, senderFromConfig } from './jobs.js';
import { fakeChannel, startFakeLine, type FakeLine } from '../../../test/fakes/fake-line.js';
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

/** The most requests in any one-second window of `times` (milliseconds). */
function busiestSecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i += 1) {
    while (sorted[i]! - sorted[j]! >= 1000) j += 1;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

/**
 * Issue 17: each account sends through its own channel with its own token, at up to the
 * per-channel rate; one account's big order never holds up another's; and a channel is sent by
 * one dispatcher process at a time, so its limit holds with several.
 */
describe(`sending per channel, fair between accounts (${databaseKind})`, () => {
  let t: TestApp;
  let line: FakeLine;
  const clients: Record<'demo' | 'other', Client> = {} as never;
  const templates: Record<'demo' | 'other', number> = { demo: 0, other: 0 };
  const channels = { demo: fakeChannel(21), other: fakeChannel(22) };

  beforeAll(async () => {
    line = await startFakeLine({ channels: [channels.demo, channels.other] });
    t = await createTestApp({
      TEL_SENDER: 'line',
      LINE_API_BASE: line.url,
      SECRETS_KEY: TEST_SECRETS_KEY,
      TEL_DISPATCH_IN_PROCESS: 'false',
      TEL_POLL_MS: '20',
    });
    for (const who of ['demo', 'other'] as const) {
      const client = await signIn(t.app, who);
      clients[who] = client;
      const connected = await client.put('/api/line/channel', {
        channel_id: channels[who].channelId,
        channel_secret: channels[who].secret,
        channel_access_token: who === 'demo' ? channels[who].token : '',
        pnp_enabled: true,
      });
      expect(connected.statusCode, connected.body).toBe(200);
      const template = await client.post('/api/tel/template/register', {
        name: '送信テスト',
        body: JSON.stringify({ type: 'text', text: '[param_1] 様' }),
      });
      templates[who] = template.json().id;
    }
  }, 300_000);
  afterAll(async () => {
    await t.close();
    await line.close();
  });
  beforeEach(() => {
    line.requests.length = 0;
    line.setLatency(0);
  });

  function dispatcher(
    overrides: Partial<Config> = {},
    holder?: string,
    onGrant?: (at: number, accountId: number) => void,
  ) {
    const config = { ...t.config, ...overrides };
    const { log } = collectingLog();
    return createTelDispatcher({
      db: t.app.db,
      sender: senderFromConfig(config, log),
      credentials: lineParts(t.app.db, config).credentials,
      log,
      options: { ...dispatcherOptions(config), ...(onGrant ? { onRateGrant: onGrant } : {}) },
      ...(holder ? { holder } : {}),
    });
  }

  /** An order of `count` messages due now for `who`, placed; answers its id. */
  async function order(who: 'demo' | 'other', count: number, from = 0): Promise<number> {
    const rows = Array.from(
      { length: count },
      (_, i) =>
        `0901${String(from + i).padStart(7, '0')},2020/1/1,9:00,${templates[who]},お客様${i}`,
    );
    const uploaded = await uploadCsv(
      t.app,
      clients[who].cookie,
      ['tel,date,time,template_id,param_1', ...rows].join('\n'),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const id = uploaded.json().id as number;
    expect((await clients[who].post(`/api/tel/list/${id}/status`, { status: 1 })).statusCode).toBe(
      200,
    );
    return id;
  }

  async function statuses(who: 'demo' | 'other', id: number): Promise<number[]> {
    return (await clients[who].get(`/api/tel/list/${id}`))
      .json()
      .map((m: { status: number }) => m.status);
  }

  it('each account sends with its own channel’s token, both at up to the per-channel rate at once', async () => {
    const rate = 40;
    const demoOrder = await order('demo', 100);
    const otherOrder = await order('other', 100, 500);
    await dispatcher({ TEL_RATE_LIMIT: rate }).runUntilIdle();
    expect(await statuses('demo', demoOrder)).toEqual(Array(100).fill(3));
    expect(await statuses('other', otherOrder)).toEqual(Array(100).fill(3));

    const byChannel = (who: 'demo' | 'other') =>
      line.requests.filter((r) => r.channelId === channels[who].channelId);
    expect(byChannel('demo')).toHaveLength(100);
    expect(byChannel('other')).toHaveLength(100);
    // The long-lived token for one, a stateless token issued from id and secret for the other.
    expect(new Set(byChannel('demo').map((r) => r.authorization))).toEqual(
      new Set([`Bearer ${channels.demo.token}`]),
    );
    expect(byChannel('other').every((r) => r.authorization?.startsWith('Bearer stateless-'))).toBe(
      true,
    );
    // Never over the rate in any second of either channel, and the two channels went side by
    // side (the other's first request came long before the demo's last).
    expect(busiestSecond(byChannel('demo').map((r) => r.at))).toBeLessThanOrEqual(rate);
    expect(busiestSecond(byChannel('other').map((r) => r.at))).toBeLessThanOrEqual(rate);
    const demoTimes = byChannel('demo').map((r) => r.at);
    const otherFirst = Math.min(...byChannel('other').map((r) => r.at));
    expect(demoTimes.filter((at) => at > otherFirst).length).toBeGreaterThan(50);
  });

  it('a single message of one account is not held up behind another account’s big order', async () => {
    const big = await order('demo', 600, 2_000);
    const d = dispatcher({ TEL_RATE_LIMIT: 100 });
    d.start();
    try {
      const sentOf = (who: 'demo' | 'other') =>
        line.requests.filter((r) => r.channelId === channels[who].channelId && r.status === 200)
          .length;
      await until(() => sentOf('demo') >= 50);
      const single = await order('other', 1, 9_000);
      await until(async () => (await statuses('other', single))[0] === 3);
      // When the single message had gone, most of the big order was still waiting its turn.
      expect(sentOf('demo')).toBeLessThan(400);
    } finally {
      await d.stop();
    }
    await dispatcher().runUntilIdle();
    expect(new Set(await statuses('demo', big))).toEqual(new Set([3]));
  });

  it('with two dispatchers on one database, each channel is sent by one of them only, every message once', async () => {
    const demoOrder = await order('demo', 150, 20_000);
    const otherOrder = await order('other', 150, 30_000);
    const grants = new Map<number, Set<string>>();
    const note = (name: string) => (_at: number, accountId: number) => {
      grants.set(accountId, (grants.get(accountId) ?? new Set()).add(name));
    };
    await Promise.all([
      dispatcher({ TEL_RATE_LIMIT: 200 }, 'one', note('one')).runUntilIdle(),
      dispatcher({ TEL_RATE_LIMIT: 200 }, 'two', note('two')).runUntilIdle(),
    ]);
    for (const [who, id] of [
      ['demo', demoOrder],
      ['other', otherOrder],
    ] as const) {
      expect(await statuses(who, id)).toEqual(Array(150).fill(3));
    }
    const tags = line.requests.map((r) => r.deliveryTag);
    expect(new Set(tags).size).toBe(tags.length);
    expect(tags).toHaveLength(300);
    for (const holders of grants.values()) expect(holders.size).toBe(1);
  });
});

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
