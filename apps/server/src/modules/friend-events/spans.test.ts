import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import {
  FRIEND_EVENT_SPAN_TIMES,
  friendEvents,
  friendEventSpans,
  members,
  operators,
} from '../../db/schema/index.js';
import { recordFriendEvents } from './index.js';

type Span = {
  accountId: number;
  memberId: number;
  kind: string;
  refId: number;
  firstAt: string;
  lastAt: string;
  times: string[] | null;
};

/**
 * Decision 0510: friend_event_spans is kept from the log by its triggers, whoever writes —
 * the writer, the demo seed's backfill, a plain INSERT — and recounted when events go.
 */
describe('friend event spans follow the log', () => {
  let t: TestApp;
  let account: number;
  let friends: number[];

  beforeAll(async () => {
    t = await createTestApp();
    const [operator] = await t.app.db
      .select({ accountId: operators.accountId })
      .from(operators)
      .where(eq(operators.loginId, 'demo'));
    account = operator!.accountId;
    friends = (
      await t.app.db
        .insert(members)
        .values(
          ['スパン1', 'スパン2'].map((name, index) => ({
            accountId: account,
            displayName: name,
            lineUserId: `Uspan${index}`,
          })),
        )
        .returning({ id: members.id })
    ).map((row) => row.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** What the spans must be: the log grouped per (kind, ref) and per (kind, every ref = 0). */
  async function expected(): Promise<Span[]> {
    const rows = await t.app.db.select().from(friendEvents);
    const spans = new Map<string, Span>();
    for (const row of rows) {
      const refs = row.refId !== null && row.refId > 0 ? [0, row.refId] : [0];
      for (const refId of refs) {
        const key = `${row.accountId}/${row.kind}/${refId}/${row.memberId}`;
        const span = spans.get(key) ?? { ...row, refId, firstAt: '', lastAt: '', times: [] };
        span.times!.push(row.occurredAt.toISOString());
        spans.set(key, span);
      }
    }
    return [...spans.values()]
      .map(({ accountId, memberId, kind, refId, times }) => {
        const sorted = times!.sort();
        return {
          accountId,
          memberId,
          kind,
          refId,
          firstAt: sorted[0]!,
          lastAt: sorted.at(-1)!,
          times: sorted.length > FRIEND_EVENT_SPAN_TIMES ? null : sorted,
        };
      })
      .sort(byKey);
  }
  const byKey = (a: Span, b: Span) =>
    a.accountId - b.accountId ||
    a.kind.localeCompare(b.kind) ||
    a.refId - b.refId ||
    a.memberId - b.memberId;
  async function kept(): Promise<Span[]> {
    const rows = await t.app.db.select().from(friendEventSpans);
    return rows
      .map((row) => ({
        ...row,
        firstAt: row.firstAt.toISOString(),
        lastAt: row.lastAt.toISOString(),
        times: row.times?.map((at) => at.toISOString()) ?? null,
      }))
      .sort(byKey);
  }

  it('the demo seed (its backfill) is already there', async () => {
    const spans = await kept();
    expect(spans.length).toBeGreaterThan(0);
    expect(spans).toEqual(await expected());
  });

  it('the writer, out of order, ties and plain INSERTs merge into sorted times; deletes recount', async () => {
    const [a, b] = friends as [number, number];
    const at = (minute: number) =>
      new Date(Date.parse('2026-10-01T09:00:00+09:00') + minute * 60_000);
    await t.app.db.transaction((tx) =>
      recordFriendEvents(tx, [
        { memberId: a, kind: 'tag_added', refId: 7, at: at(30) },
        { memberId: a, kind: 'tag_added', refId: 7, at: at(10) },
        { memberId: a, kind: 'tag_added', refId: 8, at: at(10) },
        { memberId: b, kind: 'follow', at: at(0) },
      ]),
    );
    expect(await kept()).toEqual(await expected());
    // Newer (appended), older (merged in), and the same time again (kept twice).
    await recordFriendEvents(t.app.db, [{ memberId: a, kind: 'tag_added', refId: 7, at: at(40) }]);
    await t.app.db.insert(friendEvents).values([
      { accountId: account, memberId: a, kind: 'tag_added', refId: 8, occurredAt: at(5) },
      { accountId: account, memberId: a, kind: 'tag_added', refId: 7, occurredAt: at(30) },
    ]);
    const spans = await kept();
    expect(spans).toEqual(await expected());
    const every = spans.find((s) => s.memberId === a && s.kind === 'tag_added' && s.refId === 0);
    expect(every!.times).toEqual([5, 10, 10, 30, 30, 40].map((m) => at(m).toISOString()));
    // Past 200 times a span keeps none (a funnel reads that friend from the log).
    const many = Array.from({ length: FRIEND_EVENT_SPAN_TIMES - 1 }, (_, i) => ({
      memberId: a,
      kind: 'form_answered' as const,
      refId: 3,
      at: at(100 + i),
    }));
    await recordFriendEvents(t.app.db, many);
    await recordFriendEvents(t.app.db, [
      { memberId: a, kind: 'form_answered', refId: 3, at: at(1) },
    ]);
    expect(await kept()).toEqual(await expected());
    await recordFriendEvents(t.app.db, [
      { memberId: a, kind: 'form_answered', refId: 3, at: at(2) },
    ]);
    const capped = await kept();
    expect(capped).toEqual(await expected());
    expect(capped.find((s) => s.memberId === a && s.kind === 'form_answered')!.times).toBeNull();

    await t.app.db.delete(friendEvents).where(inArray(friendEvents.refId, [8]));
    expect(await kept()).toEqual(await expected());
    await t.app.db.delete(members).where(eq(members.id, b));
    const after = await kept();
    expect(after).toEqual(await expected());
    expect(after.some((span) => span.memberId === b)).toBe(false);
  });
});
