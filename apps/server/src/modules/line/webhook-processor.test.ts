import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/raw.js';
import { createTestApp, databaseKind, type TestApp } from '../../../test/helpers/test-app.js';
import { recordWebhookEvents } from './webhook-event-store.js';
import { checkEvent, type LineWebhookEvent } from './webhook-events.js';
import {
  createWebhookEventProcessor,
  type LineWebhookBatchHandler,
  type LineWebhookHandler,
  type LineWebhookHandlerEntry,
} from './webhook-processor.js';

const DAY = 24 * 3_600_000;
const user = (n: number) => `U${'e'.repeat(24)}${n.toString(16).padStart(8, '0')}`;
let seq = 0;

/** A follow or message event of a friend, as LINE sends it. */
function lineEvent(friend: number, type: 'follow' | 'message' = 'message') {
  seq += 1;
  const raw = {
    type,
    mode: 'active',
    timestamp: 1_800_000_000_000 + seq,
    webhookEventId: `01PROCESSOR${String(seq).padStart(15, '0')}`,
    deliveryContext: { isRedelivery: false },
    source: { type: 'user', userId: user(friend) },
    replyToken: 'r',
    ...(type === 'follow'
      ? { follow: { isUnblocked: false } }
      : { message: { id: String(seq), type: 'text', text: `${friend}-${seq}` } }),
  };
  const checked = checkEvent(raw);
  if (checked.kind !== 'handled') throw new Error(`not a handled event: ${JSON.stringify(raw)}`);
  return { handled: true as const, event: checked.event, subject: checked.subject };
}

const textOf = (event: LineWebhookEvent) =>
  event.type === 'message' ? String((event.message as { text?: string }).text) : event.type;

/**
 * Decision 0195: the webhook's events are handled after its answer by processors that share the
 * work. These tests drive processors of their own on the test database with a clock they move;
 * the app's own processor never starts here (the app is never made ready).
 */
describe(`LINE webhook event processor (${databaseKind})`, () => {
  let t: TestApp;
  let accountId: number;
  let clock: Date;
  const logged: string[] = [];
  const log = {
    warn: (_: Record<string, unknown>, message: string) => void logged.push(message),
    error: (_: Record<string, unknown>, message: string) => void logged.push(message),
  };
  const processor = (handlers: LineWebhookHandlerEntry[]) =>
    createWebhookEventProcessor({ db: t.app.db, handlers, log, now: () => clock });
  const pending = async () =>
    (
      await selectRows<{ n: number }>(
        t.app.db,
        sql`select count(*)::int as n from line_webhook_events where pending`,
      )
    )[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
    const [account] = await selectRows<{ id: number }>(
      t.app.db,
      sql`select id from accounts order by id limit 1`,
    );
    accountId = account!.id;
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    // Every test starts with no pending event (so none of an earlier test is handled again).
    await t.app.db.execute(sql`update line_webhook_events set pending = false`);
    clock = new Date(Date.now() + 60_000);
    logged.length = 0;
  });

  it('two processors share the events: each handled exactly once, every friend’s in the order recorded', async () => {
    const events = Array.from({ length: 60 }, (_, i) => lineEvent(i % 6));
    // Recorded as LINE calls arrive: several calls, several events each.
    for (let i = 0; i < events.length; i += 7)
      expect(await recordWebhookEvents(t.app.db, accountId, events.slice(i, i + 7))).toBe(
        Math.min(7, events.length - i),
      );
    // A redelivered call records nothing new.
    expect(await recordWebhookEvents(t.app.db, accountId, events.slice(0, 7))).toBe(0);
    const handled: string[] = [];
    const handler: LineWebhookHandler = async (_tx, account, event) => {
      expect(account).toBe(accountId);
      handled.push(textOf(event));
    };
    const [a, b] = [processor([handler]), processor([handler])];
    await Promise.all([a.runUntilIdle(), b.runUntilIdle(), a.runUntilIdle()]);
    expect(handled).toHaveLength(60);
    expect(new Set(handled).size).toBe(60);
    for (let friend = 0; friend < 6; friend += 1) {
      const mine = handled.filter((text) => text.startsWith(`${friend}-`));
      const expected = events.filter((_, i) => i % 6 === friend).map((item) => textOf(item.event));
      expect(mine).toEqual(expected);
    }
    expect(await pending()).toBe(0);
  });

  it('a batch handler gets the whole batch in recorded order after the per-event handlers; when it fails for one event, the others are handled and that one is retried alone', async () => {
    const events = [lineEvent(20), lineEvent(21), lineEvent(20), lineEvent(22)];
    await recordWebhookEvents(t.app.db, accountId, events);
    const perEvent: string[] = [];
    const batches: string[][] = [];
    let badOnce = true;
    const each: LineWebhookHandler = async (_tx, _account, event) => {
      perEvent.push(textOf(event));
    };
    const batch: LineWebhookBatchHandler = {
      async batch(_tx, given) {
        const texts = given.map((item) => textOf(item.event));
        // By now the per-event handler has seen every event of this batch.
        expect(texts.every((text) => perEvent.includes(text))).toBe(true);
        if (badOnce && texts.includes(textOf(events[1]!.event))) throw new Error('store down');
        batches.push(texts);
      },
    };
    await processor([each, batch]).runUntilIdle();
    const texts = events.map((item) => textOf(item.event));
    // The batch failed as a whole, then ran event by event: friend 21's event failed alone,
    // every other event was handled once (friend 20's second after its first).
    expect(batches.flat().sort()).toEqual([texts[0], texts[2], texts[3]].sort());
    expect(batches.flat().indexOf(texts[0]!)).toBeLessThan(batches.flat().indexOf(texts[2]!));
    expect(await pending()).toBe(1);
    expect(logged).toContain('line webhook: event failed, tried again later');
    badOnce = false;
    clock = new Date(clock.getTime() + 10 * 60_000);
    await processor([each, batch]).runUntilIdle();
    expect(batches.at(-1)).toEqual([texts[1]]);
    expect(await pending()).toBe(0);
  });

  it('a failing event is tried again after its back-off and its friend’s later events wait; other friends go on', async () => {
    const [first, second, other] = [lineEvent(10), lineEvent(10), lineEvent(11)];
    await recordWebhookEvents(t.app.db, accountId, [first, second, other]);
    const handled: string[] = [];
    let storeDown = true;
    const handler: LineWebhookHandler = async (_tx, _account, event) => {
      if (event.webhookEventId === first.event.webhookEventId && storeDown)
        throw new Error('LINE profile store down');
      handled.push(event.webhookEventId);
    };
    const p = processor([handler]);
    await p.runUntilIdle();
    expect(handled).toEqual([other.event.webhookEventId]);
    const [row] = await selectRows<{ attempts: number; last_error: string; pending: boolean }>(
      t.app.db,
      sql`select attempts, last_error, pending from line_webhook_events
          where webhook_event_id = ${first.event.webhookEventId}`,
    );
    expect(row).toEqual({
      attempts: 1,
      last_error: 'Error: LINE profile store down',
      pending: true,
    });
    expect(logged).toEqual(['line webhook: event failed, tried again later']);
    // Not due yet: nothing happens.
    await p.runUntilIdle();
    expect(handled).toHaveLength(1);
    // The back-off (at most 1 s for the first retry) has passed: the friend's events in order.
    storeDown = false;
    clock = new Date(clock.getTime() + 1_000);
    await p.runUntilIdle();
    expect(handled).toEqual([
      other.event.webhookEventId,
      first.event.webhookEventId,
      second.event.webhookEventId,
    ]);
    expect(await pending()).toBe(0);
  });

  it('an event that fails ten times is given up (logged, error kept) and no longer holds its friend’s next events', async () => {
    const [broken, next] = [lineEvent(20), lineEvent(20)];
    await recordWebhookEvents(t.app.db, accountId, [broken, next]);
    const handled: string[] = [];
    const p = processor([
      async (_tx, _account, event) => {
        if (event.webhookEventId === broken.event.webhookEventId) throw new Error('always');
        handled.push(event.webhookEventId);
      },
    ]);
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      await p.runUntilIdle();
      expect(handled).toEqual(attempt < 10 ? [] : [next.event.webhookEventId]);
      clock = new Date(clock.getTime() + 5 * 60_000);
    }
    const [row] = await selectRows<{ attempts: number; pending: boolean; processed: boolean }>(
      t.app.db,
      sql`select attempts, pending, processed_at is not null as processed
          from line_webhook_events where webhook_event_id = ${broken.event.webhookEventId}`,
    );
    expect(row).toEqual({ attempts: 10, pending: false, processed: true });
    expect(logged.filter((m) => m === 'line webhook: event given up')).toHaveLength(1);
  });

  it('keeps 7 days of event ids for de-duplication, then deletes handled events in batches; pending ones stay', async () => {
    await t.app.db.execute(sql`delete from line_webhook_events`);
    const events = Array.from({ length: 5 }, (_, i) => lineEvent(30 + i));
    const stuck = lineEvent(40);
    await recordWebhookEvents(t.app.db, accountId, [...events, stuck]);
    const p = processor([
      async (_tx, _account, event) => {
        if (event.webhookEventId === stuck.event.webhookEventId) throw new Error('later');
      },
    ]);
    await p.runUntilIdle();
    const count = async () =>
      (
        await selectRows<{ n: number }>(
          t.app.db,
          sql`select count(*)::int as n from line_webhook_events`,
        )
      )[0]!.n;
    // Six days later: all kept, so a redelivery is still recognised.
    clock = new Date(clock.getTime() + 6 * DAY);
    expect(await p.prune(2)).toBe(0);
    expect(await recordWebhookEvents(t.app.db, accountId, events)).toBe(0);
    // Past seven days: the five handled ones go, two per statement; the pending one stays.
    clock = new Date(clock.getTime() + DAY + 60_000);
    expect(await p.prune(2)).toBe(5);
    expect(await count()).toBe(1);
    expect(await pending()).toBe(1);
    expect(await p.prune(2)).toBe(0);
  });
});
