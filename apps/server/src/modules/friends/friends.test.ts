import { FRIENDS_PAGE_SIZE, type Friend, type FriendList } from '@tsunagu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeChannel, startFakeLine, type FakeLine } from '../../../test/fakes/fake-line.js';
import { connectChannel, signLineBody } from '../../../test/helpers/line-channels.js';
import {
  createTestApp,
  databaseKind,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';

type Client = Awaited<ReturnType<typeof signIn>>;

/** LINE user ids of this test: "U" + 32 hex, apart from the seeded members' ids. */
const userId = (n: number) => `U${'f'.repeat(24)}${n.toString(16).padStart(8, '0')}`;

let eventSeq = 0;
function event(type: 'follow' | 'unfollow' | 'message', user: string, timestamp: number) {
  eventSeq += 1;
  return {
    type,
    mode: 'active',
    timestamp,
    webhookEventId: `01TESTFRIENDS${String(eventSeq).padStart(13, '0')}`,
    deliveryContext: { isRedelivery: false },
    source: { type: 'user', userId: user },
    ...(type === 'follow' ? { replyToken: 'r', follow: { isUnblocked: false } } : {}),
    ...(type === 'message'
      ? { replyToken: 'r', message: { id: String(eventSeq), type: 'text', text: 'こんにちは' } }
      : {}),
  };
}

/** Issue 13: the account's LINE friends, from its channel's webhook. */
describe(`LINE friends from the webhook (${databaseKind})`, () => {
  let t: TestApp;
  let line: FakeLine;
  let demo: Client;
  let other: Client;
  const salon = fakeChannel(1);
  const clinic = fakeChannel(2);

  beforeAll(async () => {
    line = await startFakeLine({ channels: [salon, clinic] });
    t = await createTestApp({ LINE_API_BASE: line.url });
    [demo, other] = await Promise.all([signIn(t.app, 'demo'), signIn(t.app, 'other')]);
    await connectChannel(demo, salon);
    await connectChannel(other, clinic);
  }, 300_000);
  afterAll(async () => {
    await t.close();
    await line.close();
  });

  async function deliver(channel: typeof salon, events: unknown[]) {
    const body = JSON.stringify({ destination: channel.botUserId, events });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/line/webhook',
      headers: {
        'content-type': 'application/json',
        'x-line-signature': signLineBody(body, channel.secret),
      },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    // Handled after the answer (decision 0195): wait until every recorded event is.
    await t.app.lineWebhookEvents.runUntilIdle();
  }

  async function list(client: Client, query = ''): Promise<FriendList> {
    const response = await client.get(`/api/line/friends${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  async function friendOf(client: Client, user: string): Promise<Friend | undefined> {
    const found = await list(client, `?q=${encodeURIComponent(user.slice(-4))}`);
    return found.items.find((item) => item.display_name.endsWith(user.slice(-4)));
  }

  /** The profile is read in the background after the webhook answered: wait for it. */
  async function withProfile(client: Client, user: string): Promise<Friend> {
    for (let i = 0; i < 200; i += 1) {
      const friend = await friendOf(client, user);
      if (friend) return friend;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no friend with the profile of ${user}`);
  }

  it('a follow makes a friend of that account only, named from LINE’s profile', async () => {
    const user = userId(1);
    line.setProfile(user, {
      displayName: '山田 花子 0001',
      pictureUrl: 'https://profile.line-scdn.net/hanako',
    });
    const before = (await list(demo)).total;
    const at = Date.parse('2026-11-20T01:00:00Z');
    await deliver(salon, [event('follow', user, at)]);
    const friend = await withProfile(demo, user);
    expect(friend).toMatchObject({
      display_name: '山田 花子 0001',
      icon_url: 'https://profile.line-scdn.net/hanako',
      follow_state: 'following',
      followed_at: '2026-11-20T01:00:00.000Z',
      unfollowed_at: null,
    });
    expect((await list(demo)).total).toBe(before + 1);
    expect(line.profileCalls).toContain(user);
    // The other account sees nothing of it, by list or by id.
    expect((await list(other, '?q=0001')).items).toEqual([]);
    expect((await other.get(`/api/line/friends/${friend.id}`)).statusCode).toBe(404);
    expect((await demo.get(`/api/line/friends/${friend.id}`)).json()).toEqual(friend);
  });

  it('unfollow marks the friend blocked and keeps them; a re-follow makes them a friend again; an older event redelivered late changes nothing', async () => {
    const user = userId(2);
    const t0 = Date.parse('2026-11-20T02:00:00Z');
    await deliver(salon, [event('follow', user, t0)]);
    const { id } = await withProfile(demo, user);
    await deliver(salon, [event('unfollow', user, t0 + 60_000)]);
    expect((await demo.get(`/api/line/friends/${id}`)).json()).toMatchObject({
      follow_state: 'blocked',
      unfollowed_at: '2026-11-20T02:01:00.000Z',
    });
    expect((await list(demo, '?state=blocked&q=0002')).items.map((f) => f.id)).toEqual([id]);
    expect((await list(demo, '?state=following&q=0002')).items).toEqual([]);
    // A follow from before the unfollow, delivered again late, does not undo it.
    await deliver(salon, [event('follow', user, t0 + 30_000)]);
    expect((await demo.get(`/api/line/friends/${id}`)).json().follow_state).toBe('blocked');
    await deliver(salon, [event('follow', user, t0 + 120_000)]);
    expect((await demo.get(`/api/line/friends/${id}`)).json()).toMatchObject({
      follow_state: 'following',
      followed_at: '2026-11-20T02:02:00.000Z',
      unfollowed_at: null,
    });
  });

  it('a message moves the last message time forward only; a redelivered event is recorded once', async () => {
    const user = userId(3);
    const t0 = Date.parse('2026-11-21T03:00:00Z');
    const first = event('message', user, t0);
    // A friend from before the channel was connected: known from their first message.
    await deliver(salon, [first]);
    const { id } = await withProfile(demo, user);
    expect((await demo.get(`/api/line/friends/${id}`)).json()).toMatchObject({
      follow_state: 'following',
      last_message_at: '2026-11-21T03:00:00.000Z',
    });
    await deliver(salon, [event('message', user, t0 - 3_600_000)]);
    expect((await demo.get(`/api/line/friends/${id}`)).json().last_message_at).toBe(
      '2026-11-21T03:00:00.000Z',
    );
    const total = (await list(demo)).total;
    await deliver(salon, [first, first]);
    expect((await list(demo)).total).toBe(total);
  });

  it('a friend LINE has no profile for keeps an empty name (the console says 名前未取得)', async () => {
    const user = userId(4);
    line.setProfile(user, null);
    const calls = line.profileCalls.length;
    await deliver(salon, [event('follow', user, Date.parse('2026-11-21T04:00:00Z'))]);
    for (let i = 0; i < 200 && !line.profileCalls.slice(calls).includes(user); i += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(line.profileCalls.slice(calls)).toContain(user);
    const blank = (await list(demo)).items.filter((f) => f.display_name === '');
    expect(blank.length).toBeGreaterThanOrEqual(1);
  });

  it('a burst of 1,000 follows in four webhook calls: every one becomes a friend with a profile', async () => {
    const before = (await list(other)).total;
    const salonBefore = (await list(demo)).total;
    const at = Date.parse('2026-11-22T00:00:00Z');
    for (let call = 0; call < 4; call += 1) {
      await deliver(
        clinic,
        Array.from({ length: 250 }, (_, i) => event('follow', userId(10_000 + call * 250 + i), at)),
      );
    }
    expect((await list(other)).total).toBe(before + 1_000);
    for (let i = 0; i < 600; i += 1) {
      const unnamed = (await list(other, '?q=LINE')).total;
      if (unnamed >= 1_000) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await list(other, '?q=LINEユーザー')).total).toBe(1_000);
    // None of them landed in the salon's account.
    expect((await list(demo)).total).toBe(salonBefore);
  }, 120_000);

  it('searches names literally, pages by 50, newest friends first, and refuses a bad page or state (422)', async () => {
    const page1 = await list(demo);
    const page2 = await list(demo, '?page=2');
    expect(page1.items).toHaveLength(FRIENDS_PAGE_SIZE);
    expect(page1.per_page).toBe(FRIENDS_PAGE_SIZE);
    expect(page2.page).toBe(2);
    expect(page2.items[0]!.id).not.toBe(page1.items[0]!.id);
    const followed = page1.items.map((f) => f.followed_at ?? '').filter(Boolean);
    expect(followed).toEqual([...followed].sort().reverse());
    expect((await list(demo, '?q=%25')).items).toEqual([]);
    expect((await demo.get('/api/line/friends?page=0')).statusCode).toBe(422);
    expect((await demo.get('/api/line/friends?state=gone')).statusCode).toBe(422);
    expect((await demo.get('/api/line/friends/2147483648')).statusCode).toBe(422);
  });
});
