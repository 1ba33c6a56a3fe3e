import type { ActionSet, FollowSettings, Journey, OperatorNotice } from '@tsunagu/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionRuns, journeyRuns, members, memberTags } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { createPushQueue } from '../line-push/index.js';
import { createFriendMessageRenderer } from '../message-rendering/index.js';
import { runActions } from './runner.js';
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

/** LINE user ids of this file, apart from the seeded friends'. */
const userId = (n: number) => `U${'d'.repeat(24)}${n.toString(16).padStart(8, '0')}`;

let seq = 0;
function postbackEvent(user: string, data: string, webhookEventId?: string) {
  seq += 1;
  return {
    type: 'postback',
    mode: 'active',
    timestamp: Date.now(),
    webhookEventId: webhookEventId ?? `01TESTPOSTBACK${String(seq).padStart(12, '0')}`,
    deliveryContext: { isRedelivery: webhookEventId !== undefined },
    source: { type: 'user', userId: user },
    replyToken: 'postback-token',
    postback: { data },
  };
}

/**
 * Issue 25: one action model (action sets run once per cause), postbacks signed per account,
 * and the greeting and actions on follow — against the fake LINE (reply vs push).
 */
describe(`actions and follow (${databaseKind})`, () => {
  let t: TestApp;
  let line: FakeLine;
  let demo: Client;
  let staff: Client;
  let other: Client;
  const salon = fakeChannel(81);
  const clinic = fakeChannel(82);
  let tag: number;
  let greetingTemplate: number;
  let journey: Journey;

  async function ok<T>(response: { statusCode: number; body: string; json(): T }, code = 200) {
    expect(response.statusCode, response.body).toBe(code);
    return response.json();
  }
  const errorsOf = (response: { json(): unknown }) =>
    (response.json() as { errors: Record<string, string[]> }).errors;

  async function friendOf(user: string) {
    const [row] = await t.app.db
      .select({ id: members.id, followedAt: members.followedAt })
      .from(members)
      .where(eq(members.lineUserId, user));
    return row!;
  }
  async function tagged(memberId: number) {
    const rows = await t.app.db
      .select({ tagId: memberTags.tagId })
      .from(memberTags)
      .where(and(eq(memberTags.memberId, memberId), eq(memberTags.tagId, tag)));
    return rows.length > 0;
  }
  const pushesTo = (user: string) =>
    line.requests.filter((r) => r.path === PUSH_PATH && r.body.to === user && r.status === 200);
  const notices = async () =>
    (await ok<{ notices: OperatorNotice[] }>(await demo.get('/api/operator_notices'))).notices;

  beforeAll(async () => {
    line = await startFakeLine({ channels: [salon, clinic] });
    t = await createTestApp({
      LINE_API_BASE: line.url,
      LINE_DATA_API_BASE: line.url,
      LINE_PUSH_SENDER: 'line',
      SECRETS_KEY: TEST_SECRETS_KEY,
    });
    [demo, staff, other] = await Promise.all([
      signIn(t.app, 'demo'),
      signIn(t.app, 'staff'),
      signIn(t.app, 'other'),
    ]);
    await connectChannel(demo, salon);
    await connectChannel(other, clinic);
    tag = (
      await ok<{ id: number }>(
        await demo.post('/api/line/tags', { name: 'クーポン希望', group_id: null }),
        201,
      )
    ).id;
    greetingTemplate = (
      await ok<{ id: number }>(
        await demo.post('/api/templates', {
          name: 'あいさつ',
          group_id: null,
          messages: [{ type: 'text', text: '友だち追加ありがとうございます！' }],
        }),
        201,
      )
    ).id;
    journey = await ok<Journey>(
      await demo.post('/api/journeys', {
        name: '追加後のご案内',
        group_id: null,
        is_active: true,
        entry: { kind: 'trigger' },
        steps: [{ kind: 'send', template_id: greetingTemplate }],
      }),
      201,
    );
  }, 300_000);
  afterAll(async () => {
    await t.close();
    await line.close();
  });

  it('a postback redelivered, and a double tap: the set runs once per cause; forged data runs nothing', async () => {
    const set = await ok<ActionSet>(
      await demo.post('/api/line/action_sets', {
        name: 'クーポン希望',
        actions: [
          { type: 'add_tag', tag_id: tag },
          { type: 'send_text', text: 'クーポンをお送りします' },
          { type: 'notify_operators', text: 'クーポン希望がありました' },
        ],
      }),
      201,
    );
    expect(set.postback_data.length).toBeLessThanOrEqual(300);
    expect(set.postback_data).toMatch(new RegExp(`^tsg:as:${set.id}:`));
    const user = userId(1);
    await deliverWebhook(t.app, salon, [userEvent('follow', user)]);
    const friend = await friendOf(user);

    // Forged: another set id under this signature, a made-up signature, the data cut short.
    const [, , , signature] = set.postback_data.split(':');
    await deliverWebhook(t.app, salon, [
      postbackEvent(user, `tsg:as:${set.id + 1}:${signature}`),
      postbackEvent(user, `tsg:as:${set.id}:${'A'.repeat(32)}`),
      postbackEvent(user, set.postback_data.slice(0, -1)),
    ]);
    await deliverQueuedPushes(t, line);
    expect(await tagged(friend.id)).toBe(false);
    expect(pushesTo(user)).toEqual([]);
    expect(await notices()).toEqual([]);

    // The same event delivered twice (LINE's redelivery): one run.
    const tap = postbackEvent(user, set.postback_data, '01TESTPOSTBACKSAMEEVENT0001');
    await deliverWebhook(t.app, salon, [tap]);
    await deliverWebhook(t.app, salon, [tap]);
    await deliverQueuedPushes(t, line);
    expect(await tagged(friend.id)).toBe(true);
    expect(pushesTo(user)).toHaveLength(1);
    expect(await notices()).toHaveLength(1);
    expect((await notices())[0]).toMatchObject({
      text: 'クーポン希望がありました',
      friend_id: friend.id,
    });

    // A double tap is two events: the set runs once for each (the tag stays one tag).
    await deliverWebhook(t.app, salon, [
      postbackEvent(user, set.postback_data),
      postbackEvent(user, set.postback_data),
    ]);
    await deliverQueuedPushes(t, line);
    expect(pushesTo(user)).toHaveLength(3);
    expect(await notices()).toHaveLength(3);
    const tags = await t.app.db
      .select()
      .from(memberTags)
      .where(and(eq(memberTags.memberId, friend.id), eq(memberTags.tagId, tag)));
    expect(tags).toHaveLength(1);
  });

  it('tenancy: a set of account B never runs for A’s friend; B’s ids are refused', async () => {
    const theirTag = (
      await ok<{ id: number }>(
        await other.post('/api/line/tags', { name: 'クリニックのタグ', group_id: null }),
        201,
      )
    ).id;
    const theirs = await ok<ActionSet>(
      await other.post('/api/line/action_sets', {
        name: 'クリニックのセット',
        actions: [{ type: 'add_tag', tag_id: theirTag }],
      }),
      201,
    );
    const user = userId(2);
    await deliverWebhook(t.app, salon, [userEvent('follow', user)]);
    await deliverWebhook(t.app, salon, [postbackEvent(user, theirs.postback_data)]);
    const friend = await friendOf(user);
    const rows = await t.app.db.select().from(memberTags).where(eq(memberTags.memberId, friend.id));
    expect(rows).toEqual([]);

    expect((await demo.get(`/api/line/action_sets/${theirs.id}`)).statusCode).toBe(404);
    expect(
      (await demo.put(`/api/line/action_sets/${theirs.id}`, { name: 'x', actions: [] })).statusCode,
    ).toBe(404);
    expect((await demo.delete(`/api/line/action_sets/${theirs.id}`)).statusCode).toBe(404);
    const withTheirTag = await demo.post('/api/line/action_sets', {
      name: '他のアカウントのタグ',
      actions: [{ type: 'add_tag', tag_id: theirTag }],
    });
    expect(withTheirTag.statusCode).toBe(422);
    expect(errorsOf(withTheirTag)['actions.0.tag_id']).toEqual(['タグが見つかりません']);
    const theirTemplate = (
      await ok<{ id: number }>(
        await other.post('/api/templates', {
          name: 'クリニックのあいさつ',
          group_id: null,
          messages: [{ type: 'text', text: 'こんにちは' }],
        }),
        201,
      )
    ).id;
    const greeting = await demo.put('/api/line/follow_settings', {
      greeting_template_id: theirTemplate,
      on_unblock: 'silent',
      actions: [],
    });
    expect(greeting.statusCode).toBe(422);
    expect(errorsOf(greeting).greeting_template_id).toEqual(['テンプレートが見つかりません']);
    expect((await demo.get('/api/line/action_sets')).json().action_sets).not.toContainEqual(
      expect.objectContaining({ id: theirs.id }),
    );
  });

  it('the follow settings are the owner’s and template writers’; a rich menu switch must name the account’s own menu', async () => {
    expect((await staff.get('/api/line/follow_settings')).statusCode).toBe(403);
    expect(
      (
        await staff.put('/api/line/follow_settings', {
          greeting_template_id: null,
          on_unblock: 'greet',
          actions: [],
        })
      ).statusCode,
    ).toBe(403);
    expect((await staff.post('/api/line/action_sets', { name: 'x', actions: [] })).statusCode).toBe(
      403,
    );
    expect(await ok<FollowSettings>(await demo.get('/api/line/follow_settings'))).toEqual({
      greeting_template_id: null,
      on_unblock: 'silent',
      actions: [],
    });
    const menu = await demo.post('/api/line/action_sets', {
      name: 'メニュー切替',
      actions: [{ type: 'switch_rich_menu', rich_menu_id: 999_999 }],
    });
    expect(menu.statusCode).toBe(422);
    expect(errorsOf(menu)['actions.0.rich_menu_id']).toEqual(['リッチメニューが見つかりません']);
    const bad = await demo.put('/api/line/follow_settings', {
      greeting_template_id: null,
      on_unblock: 'sometimes',
      actions: [],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(errorsOf(bad))).toContain('on_unblock');
  });

  it('follow, unfollow, unblock: the greeting once (a fresh reply token, free); the unblock restarts nothing and stays silent', async () => {
    const saved = await ok<FollowSettings>(
      await demo.put('/api/line/follow_settings', {
        greeting_template_id: greetingTemplate,
        on_unblock: 'silent',
        actions: [
          { type: 'add_tag', tag_id: tag },
          { type: 'start_journey', journey_id: journey.id },
        ],
      }),
    );
    expect(saved.greeting_template_id).toBe(greetingTemplate);
    const user = userId(3);
    const follow = { ...userEvent('follow', user), replyToken: line.chat.issueReplyToken() };
    await deliverWebhook(t.app, salon, [follow]);
    await deliverWebhook(t.app, salon, [follow]);
    await deliverQueuedPushes(t, line);
    const replies = line.chat.replies.filter((r) => r.replyToken === follow.replyToken);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({
      status: 200,
      messages: [{ type: 'text', text: '友だち追加ありがとうございます！' }],
    });
    expect(pushesTo(user)).toEqual([]);
    const friend = await friendOf(user);
    expect(await tagged(friend.id)).toBe(true);
    const runsOf = () =>
      t.app.db
        .select({ id: journeyRuns.id })
        .from(journeyRuns)
        .where(and(eq(journeyRuns.memberId, friend.id), eq(journeyRuns.journeyId, journey.id)));
    expect(await runsOf()).toHaveLength(1);

    // Blocked, then unblocked: not a new friend — followed_at kept, nothing again, no greeting.
    await deliverWebhook(t.app, salon, [userEvent('unfollow', user)]);
    const silent = {
      ...userEvent('follow', user, { unblocked: true }),
      replyToken: line.chat.issueReplyToken(),
    };
    await deliverWebhook(t.app, salon, [silent]);
    await deliverQueuedPushes(t, line);
    expect((await friendOf(user)).followedAt).toEqual(friend.followedAt);
    expect(line.chat.replies.filter((r) => r.replyToken === silent.replyToken)).toEqual([]);
    expect(pushesTo(user)).toEqual([]);
    expect(await runsOf()).toHaveLength(1);

    // With 'greet', an unblock greets (once), and still starts no journey.
    await demo.put('/api/line/follow_settings', { ...saved, on_unblock: 'greet' });
    await deliverWebhook(t.app, salon, [userEvent('unfollow', user)]);
    const unblock = {
      ...userEvent('follow', user, { unblocked: true }),
      replyToken: line.chat.issueReplyToken(),
    };
    await deliverWebhook(t.app, salon, [unblock]);
    await deliverWebhook(t.app, salon, [unblock]);
    await deliverQueuedPushes(t, line);
    expect(line.chat.replies.filter((r) => r.replyToken === unblock.replyToken)).toHaveLength(1);
    expect(await runsOf()).toHaveLength(1);
  });

  it('a follow whose reply token is stale is greeted by push (with a retry key)', async () => {
    const user = userId(4);
    const late = {
      ...userEvent('follow', user, { timestamp: Date.now() - 5 * 60_000 }),
      replyToken: line.chat.issueReplyToken(),
    };
    await deliverWebhook(t.app, salon, [late]);
    await deliverQueuedPushes(t, line);
    expect(line.chat.replies.filter((r) => r.replyToken === late.replyToken)).toEqual([]);
    const pushes = pushesTo(user);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.retryKey).toEqual(expect.any(String));
    expect(pushes[0]!.body.messages).toEqual([
      { type: 'text', text: '友だち追加ありがとうございます！' },
    ]);
  });

  it('a reply token LINE refuses (used or unknown): the greeting is pushed instead, once', async () => {
    const user = userId(5);
    const refused = { ...userEvent('follow', user), replyToken: 'never-issued-token' };
    await deliverWebhook(t.app, salon, [refused]);
    await deliverQueuedPushes(t, line);
    expect(line.chat.replies.filter((r) => r.replyToken === refused.replyToken)).toMatchObject([
      { status: 400 },
    ]);
    expect(pushesTo(user)).toHaveLength(1);
  });

  it('a run taken up again after a crash resumes after the actions done, never repeating them', async () => {
    const user = userId(6);
    await deliverWebhook(t.app, salon, [userEvent('follow', user)]);
    const friend = await friendOf(user);
    const accountId = (
      await t.app.db
        .select({ accountId: members.accountId })
        .from(members)
        .where(eq(members.id, friend.id))
    )[0]!.accountId;
    const actions = [
      { type: 'notify_operators' as const, text: '一つ目（済み）' },
      { type: 'notify_operators' as const, text: '二つ目' },
    ];
    // The first action was done and committed, then the process died before the second.
    await t.app.db.insert(actionRuns).values({
      accountId,
      memberId: friend.id,
      cause: 'test:resume',
      actions,
      done: 1,
      results: ['ran'],
    });
    const deps = {
      pushes: createPushQueue(),
      rendererFor: (executor: Executor) => createFriendMessageRenderer(executor),
    };
    const input = {
      accountId,
      memberId: friend.id,
      cause: 'test:resume',
      actions,
      now: new Date(),
    };
    const outcomes = await t.app.db.transaction((tx) => runActions(tx, deps, input));
    expect(outcomes).toEqual([{ result: 'ran' }]);
    expect(await t.app.db.transaction((tx) => runActions(tx, deps, input))).toEqual([]);
    const texts = (await notices()).map((notice) => notice.text);
    expect(texts).toContain('二つ目');
    expect(texts).not.toContain('一つ目（済み）');
    const [run] = await t.app.db
      .select()
      .from(actionRuns)
      .where(eq(actionRuns.cause, 'test:resume'));
    expect(run).toMatchObject({ done: 2, results: ['ran', 'ran'] });
  });
});
