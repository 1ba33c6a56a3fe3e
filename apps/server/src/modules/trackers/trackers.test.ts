import type { LineChannel, Tracker, TrackerCreated, TrackerFriend } from '@tsunagu/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actionRuns,
  friendEvents,
  memberTags,
  members,
  trackerClicks,
} from '../../db/schema/index.js';
import { fakeChannel, startFakeLine, type FakeLine } from '../../../test/fakes/fake-line.js';
import { connectChannel, deliverWebhook, userEvent } from '../../../test/helpers/line-channels.js';
import { deliverQueuedPushes } from '../../../test/helpers/push-delivery.js';
import {
  createTestApp,
  databaseKind,
  signIn,
  TEST_SECRETS_KEY,
  type TestApp,
} from '../../../test/helpers/test-app.js';

type Client = Awaited<ReturnType<typeof signIn>>;
const PUSH_PATH = '/v2/bot/message/push';
const LOGIN_CHANNEL = '2000000029';
const LOGIN_SECRET = 'b'.repeat(32);
const IN_LINE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari Line/14.9.0';
/** LINE user ids of this file. */
const userId = (n: number) => `U${'e'.repeat(24)}${n.toString(16).padStart(8, '0')}`;

/**
 * Issue 29, trackers (流入経路): `/t/{code}` → LINE Login (the fake) → the callback → the
 * add-friend page → the follow webhook ties the friend and runs the tracker's actions once per
 * its rule (decisions 0330–0334).
 */
describe(`trackers (${databaseKind})`, () => {
  let t: TestApp;
  let line: FakeLine;
  let demo: Client;
  let staff: Client;
  let other: Client;
  const salon = fakeChannel(91);
  const clinic = fakeChannel(92);
  let tag: number;

  async function ok<T>(response: { statusCode: number; body: string; json(): T }, code = 200) {
    expect(response.statusCode, response.body).toBe(code);
    return response.json();
  }
  const tracker = async (id: number) => ok<Tracker>(await demo.get(`/api/line/trackers/${id}`));
  const create = async (body: Record<string, unknown>) =>
    ok<TrackerCreated>(await demo.post('/api/line/trackers', body), 201);
  const pushesTo = (user: string) =>
    line.requests.filter((r) => r.path === PUSH_PATH && r.body.to === user && r.status === 200);
  async function memberOf(user: string) {
    const [row] = await t.app.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.lineUserId, user));
    return row?.id;
  }
  async function runsOf(memberId: number) {
    return t.app.db.select().from(actionRuns).where(eq(actionRuns.memberId, memberId));
  }

  /**
   * A person opens the tracker's URL: our 302 to LINE Login, the fake's sign-in and its 302 back
   * to our callback, and the callback's answer.
   */
  async function scan(
    code: string,
    who: { sub: string; friend: boolean; consent?: 'allow' | 'deny' },
    query = '',
  ) {
    line.login.setUser(who);
    const click = await t.app.inject({
      method: 'GET',
      url: `/t/${code}${query}`,
      headers: { 'user-agent': IN_LINE_UA },
    });
    if (click.statusCode !== 302) return { click, callback: null };
    const authorize = new URL(click.headers.location as string);
    if (!authorize.href.startsWith(line.url)) return { click, callback: null };
    const signedIn = await fetch(authorize, { redirect: 'manual' });
    expect(signedIn.status).toBe(302);
    const back = new URL(signedIn.headers.get('location')!);
    const callback = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
    return { click, authorize, callback };
  }

  beforeAll(async () => {
    line = await startFakeLine({ channels: [salon, clinic] });
    line.login.addChannel(LOGIN_CHANNEL, LOGIN_SECRET);
    t = await createTestApp({
      LINE_API_BASE: line.url,
      LINE_DATA_API_BASE: line.url,
      LINE_LOGIN_BASE: line.url,
      LINE_PUSH_SENDER: 'line',
      SECRETS_KEY: TEST_SECRETS_KEY,
    });
    [demo, staff, other] = await Promise.all([
      signIn(t.app, 'demo'),
      signIn(t.app, 'staff'),
      signIn(t.app, 'other'),
    ]);
    await connectChannel(demo, salon, {
      login_channel_id: LOGIN_CHANNEL,
      login_channel_secret: LOGIN_SECRET,
    });
    await connectChannel(other, clinic);
    tag = (
      await ok<{ id: number }>(
        await demo.post('/api/line/tags', { name: 'Instagramから', group_id: null }),
        201,
      )
    ).id;
  }, 300_000);
  afterAll(async () => {
    await t.close();
    await line.close();
  });

  it('the Login channel secret is stored sealed and never returned, only a flag', async () => {
    const response = await demo.get('/api/line/channel');
    const channel = await ok<LineChannel>(response);
    expect(channel.has_login_channel_secret).toBe(true);
    expect(response.body).not.toContain(LOGIN_SECRET);
    // Saved again without it (same Login channel): kept.
    await connectChannel(demo, salon, { login_channel_id: LOGIN_CHANNEL });
    expect(
      (await ok<LineChannel>(await demo.get('/api/line/channel'))).has_login_channel_secret,
    ).toBe(true);
  });

  it('a scan with ?utm_source=ig ends as one friend tied to the tracker with one action run; a replayed follow and a second scan in first_follow run nothing more', async () => {
    const created = await create({
      name: 'Instagram プロフィール',
      run_mode: 'first_follow',
      actions: [
        { type: 'add_tag', tag_id: tag },
        { type: 'send_text', text: 'Instagramから来てくださりありがとうございます' },
      ],
    });
    expect(created.url).toMatch(new RegExp(`/t/${created.code}$`));
    const user = userId(1);

    const first = await scan(created.code, { sub: user, friend: false }, '?utm_source=ig&gclid=G1');
    expect(first.click.statusCode).toBe(302);
    const authorize = first.authorize!;
    expect(authorize.pathname).toBe('/oauth2/v2.1/authorize');
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('client_id')).toBe(LOGIN_CHANNEL);
    expect(authorize.searchParams.get('redirect_uri')).toMatch(/\/t\/callback$/);
    expect(authorize.searchParams.get('scope')!.split(' ')).toContain('openid');
    expect(authorize.searchParams.get('bot_prompt')).toBe('aggressive');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    // Not a friend yet: the add-friend page of the account's bot.
    expect(first.callback!.statusCode).toBe(302);
    expect(first.callback!.headers.location).toBe(
      `https://line.me/R/ti/p/${encodeURIComponent(salon.basicId!)}`,
    );
    const [click] = await t.app.db
      .select()
      .from(trackerClicks)
      .where(eq(trackerClicks.trackerId, created.id));
    expect(click).toMatchObject({ utmSource: 'ig', gclid: 'G1', stage: 'add_page', inLine: true });

    const follow = userEvent('follow', user);
    await deliverWebhook(t.app, salon, [follow]);
    const friend = (await memberOf(user))!;
    expect(await runsOf(friend)).toHaveLength(1);
    await deliverQueuedPushes(t, line);
    expect(pushesTo(user)).toHaveLength(1);
    const tagged = await t.app.db
      .select()
      .from(memberTags)
      .where(and(eq(memberTags.memberId, friend), eq(memberTags.tagId, tag)));
    expect(tagged).toHaveLength(1);

    // LINE redelivers the follow; the person scans again (a friend now): nothing more runs.
    await deliverWebhook(t.app, salon, [{ ...follow, deliveryContext: { isRedelivery: true } }]);
    const second = await scan(created.code, { sub: user, friend: true });
    expect(second.callback!.statusCode).toBe(200);
    expect(second.callback!.body).toContain('すでに友だちです');
    expect(await runsOf(friend)).toHaveLength(1);
    await deliverQueuedPushes(t, line);
    expect(pushesTo(user)).toHaveLength(1);

    const counted = await tracker(created.id);
    expect(counted).toMatchObject({ clicks: 2, friends: 1, returning: 1, drop_already_friend: 1 });
    expect(counted.rate).toBe(0.5);
    // Both arrivals are in the funnels' log (issue 30): a funnel step or cohort can name them.
    const logged = await t.app.db
      .select({ refId: friendEvents.refId, detail: friendEvents.detail })
      .from(friendEvents)
      .where(and(eq(friendEvents.memberId, friend), eq(friendEvents.kind, 'tracker_arrival')));
    expect(logged.map((row) => row.detail).sort()).toEqual(['new_friend', 'returning']);
    expect(logged.every((row) => row.refId === created.id)).toBe(true);
    // Each count opens its friends, and they are the friends table's.
    const listed = await ok<{ friends: TrackerFriend[] }>(
      await demo.get(`/api/line/trackers/${created.id}/friends?kind=friends`),
    );
    expect(listed.friends.map((f) => f.id)).toEqual([friend]);
  });

  it('always: an existing friend who scans again runs the actions again (twice in all)', async () => {
    const created = await create({
      name: '店頭POP',
      run_mode: 'always',
      actions: [{ type: 'send_text', text: '店頭POPからのご来店ありがとうございます' }],
    });
    const user = userId(2);
    await scan(created.code, { sub: user, friend: false });
    await deliverWebhook(t.app, salon, [userEvent('follow', user)]);
    await scan(created.code, { sub: user, friend: true });
    await deliverQueuedPushes(t, line);
    expect(pushesTo(user).map((p) => (p.body.messages as { text: string }[])[0]!.text)).toEqual([
      '店頭POPからのご来店ありがとうございます',
      '店頭POPからのご来店ありがとうございます',
    ]);
    expect(await tracker(created.id)).toMatchObject({ clicks: 2, friends: 1, returning: 1 });
  });

  it('the greeting switch: off leaves out the general greeting for a friend who came through it; on keeps it', async () => {
    const template = await ok<{ id: number }>(
      await demo.post('/api/templates', {
        name: 'あいさつ',
        group_id: null,
        messages: [{ type: 'text', text: '友だち追加ありがとうございます' }],
      }),
      201,
    );
    await ok(
      await demo.put('/api/line/follow_settings', {
        greeting_template_id: template.id,
        on_unblock: 'silent',
        actions: [],
      }),
    );
    try {
      const quiet = await create({
        name: 'あいさつなし',
        run_mode: 'first_follow',
        run_greeting: false,
        actions: [{ type: 'send_text', text: 'この経路だけのご案内' }],
      });
      const loud = await create({
        name: 'あいさつあり',
        run_mode: 'first_follow',
        actions: [{ type: 'send_text', text: 'この経路だけのご案内' }],
      });
      const causes = async (user: string) =>
        (await runsOf((await memberOf(user))!)).map((run) => run.cause.split(':')[0]).sort();
      await scan(quiet.code, { sub: userId(5), friend: false });
      await deliverWebhook(t.app, salon, [userEvent('follow', userId(5))]);
      expect(await causes(userId(5))).toEqual(['tracker']);
      await scan(loud.code, { sub: userId(6), friend: false });
      await deliverWebhook(t.app, salon, [userEvent('follow', userId(6))]);
      expect(await causes(userId(6))).toEqual(['follow', 'tracker']);
    } finally {
      await demo.put('/api/line/follow_settings', {
        greeting_template_id: null,
        on_unblock: 'silent',
        actions: [],
      });
    }
  });

  it('a stopped tracker sends people straight to the add-friend page and records and runs nothing', async () => {
    const created = await create({
      name: 'チラシ',
      run_mode: 'always',
      actions: [{ type: 'send_text', text: 'チラシ' }],
    });
    const stopped = await ok<Tracker>(
      await demo.put(`/api/line/trackers/${created.id}/active`, { active: false }),
    );
    expect(stopped.active).toBe(false);
    const user = userId(3);
    const { click } = await scan(created.code, { sub: user, friend: false });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe(
      `https://line.me/R/ti/p/${encodeURIComponent(salon.basicId!)}`,
    );
    await deliverWebhook(t.app, salon, [userEvent('follow', user)]);
    await deliverQueuedPushes(t, line);
    expect(pushesTo(user)).toHaveLength(0);
    expect(await tracker(created.id)).toMatchObject({ clicks: 0, friends: 0 });
    // Its code did not change with the switch.
    expect(stopped.code).toBe(created.code);
  });

  it('leaving at the consent screen is counted as such, and the person still reaches the add-friend page', async () => {
    const created = await create({ name: '名刺', run_mode: 'first_follow', actions: [] });
    const { callback } = await scan(created.code, {
      sub: userId(4),
      friend: false,
      consent: 'deny',
    });
    expect(callback!.statusCode).toBe(302);
    expect(callback!.headers.location).toContain('https://line.me/R/ti/p/');
    expect(await tracker(created.id)).toMatchObject({
      clicks: 1,
      friends: 0,
      drop_left_at_consent: 1,
    });
  });

  it('a forged state is refused and records nothing', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/t/callback?code=x&state=forged' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('もう一度お試しください');
    expect((await t.app.inject({ method: 'GET', url: '/t/abcdefghjk' })).statusCode).toBe(404);
  });

  it('tenancy and permission: another account sees none of them; staff reads but cannot write', async () => {
    const created = await create({ name: '他院から見えない', run_mode: 'always', actions: [] });
    expect((await other.get(`/api/line/trackers/${created.id}`)).statusCode).toBe(404);
    expect(
      (await other.put(`/api/line/trackers/${created.id}/active`, { active: false })).statusCode,
    ).toBe(404);
    const theirs = await ok<{ trackers: Tracker[] }>(await other.get('/api/line/trackers'));
    expect(theirs.trackers).toEqual([]);
    expect((await staff.get(`/api/line/trackers/${created.id}`)).statusCode).toBe(200);
    expect(
      (await staff.post('/api/line/trackers', { name: 'x', run_mode: 'always', actions: [] }))
        .statusCode,
    ).toBe(403);
    // Another account's tag cannot be an action.
    const refused = await other.post('/api/line/trackers', {
      name: 'x',
      run_mode: 'always',
      actions: [{ type: 'add_tag', tag_id: tag }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors['actions.0.tag_id']).toEqual(['タグが見つかりません']);
  });

  it('folders: a tracker filed in a content group is listed under ?group=, a used folder is not deleted', async () => {
    const group = await ok<{ id: number }>(
      await demo.post('/api/line/content-groups', { name: '2026年 冬キャンペーン' }),
      201,
    );
    const created = await create({
      name: '冬のチラシ',
      group_id: group.id,
      run_mode: 'first_follow',
      actions: [],
    });
    const inGroup = await ok<{ trackers: Tracker[] }>(
      await demo.get(`/api/line/trackers?group=${group.id}`),
    );
    expect(inGroup.trackers.map((x) => x.id)).toEqual([created.id]);
    expect((await demo.delete(`/api/line/content-groups/${group.id}`)).statusCode).toBe(409);
    const refused = await other.post('/api/line/trackers', {
      name: 'x',
      group_id: group.id,
      run_mode: 'always',
      actions: [],
    });
    expect(refused.json().errors.group_id).toEqual(['フォルダが見つかりません']);
  });

  it('the QR code downloads as PNG and SVG; the list downloads as CSV for Excel', async () => {
    const created = await create({ name: 'QR', run_mode: 'always', actions: [] });
    const png = await demo.get(`/api/line/trackers/${created.id}/qr.png`);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const svg = await demo.get(`/api/line/trackers/${created.id}/qr.svg`);
    expect(svg.body).toMatch(/^<svg /);
    const csv = await demo.get('/api/line/trackers.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.body).toContain('流入経路名,フォルダ,URL');
    expect(csv.body).toContain('Instagram プロフィール');
  });

  it('counts equal the friends table: every new friend counted is a friend row tied once', async () => {
    const { trackers } = await ok<{ trackers: Tracker[] }>(await demo.get('/api/line/trackers'));
    const total = trackers.reduce((sum, x) => sum + x.friends, 0);
    const followed = await t.app.db
      .select({ id: members.id })
      .from(members)
      .where(inArray(members.lineUserId, [userId(1), userId(2), userId(5), userId(6)]));
    expect(total).toBe(followed.length);
  });
});
