import type { FriendEventKind, FunnelDefinition } from '@tsunagu/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceFromDatabase } from '../../../test/funnels/reference.js';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { friendEvents, members, operators } from '../../db/schema/index.js';
import { funnelCounts } from '../funnel-query/index.js';

const T = Date.parse('2026-10-10T12:00:00+09:00');
const MINUTE = 60_000; // the window: 10 days = 14,400 minutes
const REF = 77; // the demo data's refs are small: only these friends reach step 1

/**
 * Decision 0510: the funnel reads each friend's span (first, last, sorted times) and searches
 * the times only when the previous step falls between first and last. These friends sit on the
 * edges of that search — a tie with a middle time, the window's last moment, nothing in between —
 * and the counts must still equal the plain reference over the raw log.
 */
describe('funnel counts on the edges of the span search', () => {
  let t: TestApp;
  let account: number;
  // [name, step 2 times, step 3 times] in minutes from T; every friend's step 1 is at T.
  const friends: [string, number[], number[]][] = [
    ['同時（中ほど）', [-5, 0, 5], [-1, 0, 14_400]],
    ['間', [-5, 3, 7], [1, 14_401]],
    ['期限ちょうど', [-1, 14_400], [14_400]],
    ['期限の1分後', [-1, 14_401], [14_402]],
    ['前だけ', [-5, -1], [2]],
    ['両側（内あり）', [-28_800, -14_400, 28_800], [-28_800, 14_400, 28_800]],
    ['両側（内なし）', [-28_800, 0, 28_800], [-28_800, -14_401, 14_401, 28_800]],
    ['外だけ', [-28_800, 28_800], [0]],
    // More times than a span keeps (200): its times are read from the log.
    ['多すぎ', [...Array.from({ length: 201 }, (_, i) => -1_000 + i), 5], [6]],
  ];
  const steps = (['tag_added', 'form_answered', 'salon_booked'] as FriendEventKind[]).map(
    (kind) => ({ kind, ref_id: REF, goal: null }),
  );
  const definition = (ordered: boolean): FunnelDefinition => ({
    steps,
    cohort: { followed_from: null, followed_to: null, tracker_id: null },
    ordered,
    window_days: 10,
  });

  beforeAll(async () => {
    t = await createTestApp();
    const [operator] = await t.app.db
      .select({ accountId: operators.accountId })
      .from(operators)
      .where(eq(operators.loginId, 'demo'));
    account = operator!.accountId;
    const ids = await t.app.db
      .insert(members)
      .values(
        friends.map(([name], index) => ({
          accountId: account,
          displayName: name,
          lineUserId: `Uedge${index}`,
        })),
      )
      .returning({ id: members.id });
    const event = (memberId: number, kind: FriendEventKind, minutes: number) => ({
      accountId: account,
      memberId,
      kind,
      refId: REF,
      occurredAt: new Date(T + minutes * MINUTE),
    });
    // One friend at a time, step 2's times in reverse: the spans merge out of order as well as
    // appending.
    for (const [index, [, second, third]] of friends.entries()) {
      const memberId = ids[index]!.id;
      await t.app.db.insert(friendEvents).values(event(memberId, 'tag_added', 0));
      const reversed = [...second].reverse();
      // The last two one by one (merged out of order), the rest (if any) in one statement.
      if (reversed.length > 2)
        await t.app.db
          .insert(friendEvents)
          .values(reversed.slice(2).map((minutes) => event(memberId, 'form_answered', minutes)));
      for (const minutes of reversed.slice(0, 2))
        await t.app.db.insert(friendEvents).values(event(memberId, 'form_answered', minutes));
      await t.app.db
        .insert(friendEvents)
        .values(third.map((minutes) => event(memberId, 'salon_booked', minutes)));
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const reference = (ordered: boolean) =>
    referenceFromDatabase(t.app.db, account, definition(ordered));

  it('ordered: a tie with a middle time counts, the window includes its last moment', async () => {
    const counts = await funnelCounts(t.app.db, account, definition(true));
    expect(counts).toEqual(await reference(true));
    // Step 2 at or after T, by T + 10 days: 同時 (0), 間 (3), 期限ちょうど (14,400), 両側（内なし）
    // (0), 多すぎ (5). Step 3 at or after that, by T + 10 days: 同時 (0), 期限ちょうど (14,400),
    // 多すぎ (6).
    expect(counts.reached).toEqual([9, 5, 3]);
  });

  it('unordered: a time within 10 days of step 1 either side, edges included', async () => {
    const counts = await funnelCounts(t.app.db, account, definition(false));
    expect(counts).toEqual(await reference(false));
    // Step 2: all but 外だけ; step 3 among those: not 期限の1分後 (14,402) nor 両側（内なし）.
    expect(counts.reached).toEqual([9, 8, 6]);
  });
});
