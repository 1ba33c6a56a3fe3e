import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { telMessages } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { copyMessages, copyText, type NewMessage } from './repository.js';
import { createTestApp, databaseKind, type TestApp } from '../../../test/helpers/test-app.js';

/**
 * The upload's COPY writer on its own, on the real database: what the upload's validation
 * normally keeps from it (a value the database refuses) must fail the transaction, never the
 * process, and leave the connection usable.
 */

const ORDER_ID = 900_001;

function rows(n: number, from = 0): NewMessage[] {
  return Array.from({ length: n }, (_, i) => ({
    tel: `090${String(from + i).padStart(8, '0')}`,
    telE164: `+8190${String(from + i).padStart(8, '0')}`,
    scheduledAt: '2030-01-01T09:00:00+09:00',
    templateId: 0,
    params: { param_1: `お客様${from + i}\t\\` },
  }));
}

describe(`tel upload COPY (${databaseKind})`, () => {
  let t: TestApp;
  let db: Database;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.db as Database;
  });
  afterAll(() => t.close());

  async function stored() {
    const [row] = await db
      .select({ value: count() })
      .from(telMessages)
      .where(eq(telMessages.orderId, ORDER_ID));
    return row?.value ?? 0;
  }

  it('copyText escapes exactly what COPY text format reads specially', () => {
    expect(copyText('plain 髙﨑 "q" \\N')).toBe('plain 髙﨑 "q" \\\\N');
    expect(copyText('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e');
    expect(copyText('')).toBe('');
  });

  it('rows written in several batches are stored once finished', async () => {
    await db.transaction(async (tx) => {
      const copy = copyMessages(tx, 1, ORDER_ID);
      for (let from = 0; from < 30_000; from += copy.batchSize) {
        await copy.write(rows(copy.batchSize, from));
      }
      await copy.finish();
    });
    expect(await stored()).toBe(30_000);
    const [last] = await db
      .select({ params: telMessages.params })
      .from(telMessages)
      .where(eq(telMessages.tel, '09000029999'));
    expect(last?.params).toEqual({ param_1: 'お客様29999\t\\' });
    await db.delete(telMessages).where(eq(telMessages.orderId, ORDER_ID));
  });

  it('a value the database refuses mid-COPY fails the transaction; nothing is kept and the next COPY works', async () => {
    const bad = { ...rows(1, 5_000)[0], scheduledAt: 'not a time' } as NewMessage;
    const attempt = db.transaction(async (tx) => {
      const copy = copyMessages(tx, 1, ORDER_ID);
      try {
        await copy.write(rows(5_000));
        await copy.write([bad, ...rows(5_000, 5_001)]);
        // PostgreSQL answers while later batches are on their way: keep writing until it does.
        for (let from = 10_001; from < 200_000; from += 5_000) await copy.write(rows(5_000, from));
        await copy.finish();
      } catch (error) {
        await copy.abort();
        throw error;
      }
    });
    await expect(attempt).rejects.toThrow(/timestamp|not a time/i);
    expect(await stored()).toBe(0);

    await db.transaction(async (tx) => {
      const copy = copyMessages(tx, 1, ORDER_ID);
      await copy.write(rows(3));
      await copy.finish();
    });
    expect(await stored()).toBe(3);
  }, 120_000);
});
