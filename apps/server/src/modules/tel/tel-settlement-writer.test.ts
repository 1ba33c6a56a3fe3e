import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/raw.js';
import { collectingLog } from '../../../test/helpers/logs.js';
import { uploadCsv } from '../../../test/helpers/multipart.js';
import { createTestApp, signIn, type TestApp } from '../../../test/helpers/test-app.js';
import { claimDueMessages } from './dispatch-repository.js';
import { createSettlementWriter } from './dispatch-settle.js';

const HEADER = 'tel,date,time,template_id,param_1';

describe('tel outcomes written in batches (decision 0401, postgres)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('outcomes that arrive while a write waits on the database go into one next write, not a queue of small ones', async () => {
    const demo = await signIn(t.app, 'demo');
    const template = await demo.post('/api/tel/template/register', {
      name: '書き込みテスト',
      body: JSON.stringify([{ type: 'text', text: '[param_1] 様' }]),
    });
    const rows = Array.from(
      { length: 50 },
      (_, i) => `0901235${String(i).padStart(4, '0')},2020/1/1,9:00,${template.json().id},客${i}`,
    );
    const uploaded = await uploadCsv(t.app, demo.cookie, [HEADER, ...rows].join('\n'));
    const orderId: number = uploaded.json().id;
    expect((await demo.post(`/api/tel/list/${orderId}/status`, { status: 1 })).statusCode).toBe(
      200,
    );
    const [orderRow] = await selectRows<{ account_id: number }>(
      t.app.db,
      sql`select account_id from tel_orders where id = ${orderId}`,
    );
    const accountId = orderRow!.account_id;
    const claimed = await claimDueMessages(t.app.db, accountId!, 50);
    expect(claimed).toHaveLength(50);

    const writes: number[] = [];
    const { log, errors } = collectingLog();
    const writer = createSettlementWriter({
      db: t.app.db,
      batchSize: 10,
      flushMs: 50,
      log,
      onWrite: (outcomes) => writes.push(outcomes),
    });
    // The database is slow: another transaction holds the order's row, which every write updates.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.app.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from tel_orders where id = ${orderId} for update`);
      locked();
      await released;
    });
    await isLocked;

    const sentAt = new Date().toISOString();
    for (const message of claimed)
      writer.record({ id: message.id, status: 3, sentAt, reason: null, retryAt: null });
    // A full batch started at once; the other 40 wait for it (five batches' worth).
    expect(writes).toEqual([10]);
    release();
    await holder;
    await writer.flush();
    expect(writes).toEqual([10, 40]);
    expect(errors).toEqual([]);

    const [order] = await selectRows<{ status: number; count_success: number }>(
      t.app.db,
      sql`select status, count_success from tel_orders where id = ${orderId}`,
    );
    expect(order).toEqual({ status: 3, count_success: 50 });
  });
});
