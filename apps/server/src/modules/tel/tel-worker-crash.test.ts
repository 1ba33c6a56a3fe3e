import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { TEL_MESSAGES } from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/raw.js';
import { startFakeLine, type FakeLine } from '../../../test/fakes/fake-line.js';
import { uploadCsv } from '../../../test/helpers/multipart.js';
import {
  TEST_SECRETS_KEY,
  createTestApp,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';

const TOKEN = 'crash-test-token';
const SERVER_DIR = path.resolve(import.meta.dirname, '../../..');

/**
 * The real worker entry (`src/worker.ts`, what `npm run worker` runs once built) as a child
 * process on the test's PostgreSQL database, killed with SIGKILL in the middle of sending.
 */
describe('tel worker process crash (postgres)', () => {
  let t: TestApp;
  let line: FakeLine;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    line = await startFakeLine({ token: TOKEN });
    // The API process adopts the environment's channel as the first account's (decision 0045);
    // the worker sends with it from the database.
    t = await createTestApp({
      TEL_DISPATCH_IN_PROCESS: 'false',
      TEL_SENDER: 'line',
      LINE_CHANNEL_ACCESS_TOKEN: TOKEN,
      LINE_CHANNEL_SECRET: 'crash-test-secret',
      LINE_API_BASE: line.url,
      SECRETS_KEY: TEST_SECRETS_KEY,
    });
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await t.close();
    await line.close();
  });

  function startWorker(): ChildProcess {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        DATABASE_URL: t.config.DATABASE_URL,
        LOG_LEVEL: 'warn',
        TEL_SENDER: 'line',
        LINE_CHANNEL_ACCESS_TOKEN: TOKEN,
        LINE_CHANNEL_SECRET: 'crash-test-secret',
        LINE_API_BASE: line.url,
        SECRETS_KEY: TEST_SECRETS_KEY,
        TEL_REQUEST_TIMEOUT_MS: '1000',
        TEL_LEASE_SECONDS: '7',
        TEL_CONCURRENCY: '40',
        TEL_BATCH_SIZE: '40',
        TEL_POLL_MS: '50',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(child);
    return child;
  }

  async function until(check: () => Promise<boolean> | boolean, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out waiting');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('a worker killed mid-batch leaves no message sent twice; its in-flight messages become 送信結果不明', async () => {
    const demo = await signIn(t.app, 'demo');
    const lines = ['tel,date,time,template_id,param_1'];
    for (let i = 0; i < 400; i += 1) {
      lines.push(`090${String(i).padStart(8, '0')},2020/1/1,9:00,5,お客様${i}`);
    }
    const uploaded = await uploadCsv(t.app, demo.cookie, lines.join('\n'));
    expect(uploaded.statusCode).toBe(201);
    const { id } = uploaded.json();
    await demo.post(`/api/tel/list/${id}/status`, { status: 1 });

    line.setLatency(150); // requests stay in flight long enough to be cut off
    const first = startWorker();
    await until(() => line.requests.length >= 100, 60_000);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const seenBeforeCrash = line.requests.length;

    line.setLatency(0);
    const second = startWorker();
    await until(async () => {
      const [row] = await selectRows<{ status: number }>(
        t.app.db,
        sql`select status from tel_orders where id = ${id}`,
      );
      return row?.status === 3;
    }, 60_000);
    second.kill('SIGTERM');
    await new Promise((resolve) => second.once('exit', resolve));

    const tags = line.requests.map((request) => request.deliveryTag);
    expect(new Set(tags).size).toBe(tags.length); // at most once each
    const rows = await selectRows<{ id: string; status: number; failure_reason: string | null }>(
      t.app.db,
      sql`select id, status, failure_reason from tel_messages where order_id = ${id}`,
    );
    const unknown = rows.filter((row) => row.failure_reason === TEL_MESSAGES.resultUnknown);
    expect(unknown.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.status === 3 || unknown.includes(row))).toBe(true);
    // Every sent message was seen by LINE; the unknown ones had been claimed before the kill.
    const seen = new Set(tags);
    for (const row of rows.filter((r) => r.status === 3)) {
      expect(seen.has(`tsunagu-tel-${String(row.id).padStart(8, '0')}`)).toBe(true);
    }
    expect(seenBeforeCrash).toBeGreaterThanOrEqual(100);
    const [order] = (await demo.get('/api/tel/list')).json();
    expect(order).toMatchObject({
      id,
      status: 3,
      count_all: 400,
      count_success: 400 - unknown.length,
      count_failed: unknown.length,
    });
  }, 120_000);
});
