import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatThreads, linePushes, members, operators } from '../../db/schema/index.js';
import {
  createTestApp,
  databaseKind,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';

/**
 * The home page's figures (issue 28): one call, the signed-in operator's account only, each
 * count moving when what it counts changes.
 */
describe(`GET /api/home (${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('counts what the screens behind it show, for the operator’s own account only', async () => {
    const demo = await signIn(t.app, 'demo');
    const other = await signIn(t.app, 'other');
    const before = (await demo.get('/api/home')).json();
    expect(before.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const otherBefore = (await other.get('/api/home')).json();

    // A friend of the demo account follows now, another blocks now; one chat gets unread.
    const [operator] = await t.app.db
      .select({ accountId: operators.accountId })
      .from(operators)
      .where(eq(operators.loginId, 'demo'));
    const demoAccount = operator!.accountId;
    const now = new Date();
    const [follower] = await t.app.db
      .insert(members)
      .values({
        accountId: demoAccount,
        displayName: '新しい 友だち',
        lineUserId: 'Uhome0000000000000000000000000001',
        followState: 'following',
        followedAt: now,
      } as typeof members.$inferInsert)
      .returning();
    await t.app.db.insert(members).values({
      accountId: demoAccount,
      displayName: 'ブロック した人',
      lineUserId: 'Uhome0000000000000000000000000002',
      followState: 'blocked',
      unfollowedAt: now,
    } as typeof members.$inferInsert);
    await t.app.db
      .insert(chatThreads)
      .values({ memberId: follower!.id, accountId: demoAccount, unreadCount: 2 });
    // A multicast to three friends sent now counts three; a failed push counts as a failure.
    await t.app.db.insert(linePushes).values([
      {
        accountId: demoAccount,
        memberIds: [1, 2, 3],
        messages: [],
        retryKey: '00000000-0000-4000-8000-00000000a001',
        state: 'sent',
        sentAt: now,
      },
      {
        accountId: demoAccount,
        memberId: follower!.id,
        messages: [],
        retryKey: '00000000-0000-4000-8000-00000000a002',
        state: 'failed',
        attemptedAt: now,
      },
    ] as (typeof linePushes.$inferInsert)[]);

    const after = (await demo.get('/api/home')).json();
    expect(after.new_friends_week - before.new_friends_week).toBe(1);
    expect(after.blocks_week - before.blocks_week).toBe(1);
    expect(after.unread_chats - before.unread_chats).toBe(1);
    expect(after.sent_this_month - before.sent_this_month).toBe(3);
    expect(after.failed_sends_week - before.failed_sends_week).toBe(1);
    // The other account's figures did not move.
    expect((await other.get('/api/home')).json()).toEqual(otherBefore);
    await t.app.db.delete(members).where(eq(members.id, follower!.id));
  });

  it('counts today’s confirmed bookings and the requests waiting, as the salon screens do', async () => {
    const demo = await signIn(t.app, 'demo');
    const home = (await demo.get('/api/home')).json();
    const salons = (await demo.get('/api/salons')).json() as { id: number }[];
    let pending = 0;
    let today = 0;
    for (const salon of salons) {
      pending += (await demo.get(`/api/salon/${salon.id}/desk/pending`)).json().count;
      const day = `${home.today}..${home.today}`;
      const list = (await demo.get(`/api/salon/${salon.id}/reservations?range_date=${day}`)).json();
      today += (list as { status: number }[]).filter((r) => r.status === 2).length;
    }
    expect(pending).toBeGreaterThan(0); // the demo has requests waiting
    expect(home.pending_requests).toBe(pending);
    expect(home.reservations_today).toBe(today);
  });

  it('needs a signed-in operator', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/home' })).statusCode).toBe(401);
  });
});
