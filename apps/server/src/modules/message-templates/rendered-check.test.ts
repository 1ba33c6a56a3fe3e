import type { FriendList, Journey } from '@tsunagu/contracts';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeChannel, startFakeLine, type FakeLine } from '../../../test/fakes/fake-line.js';
import { connectChannel } from '../../../test/helpers/line-channels.js';
import { deliverQueuedPushes } from '../../../test/helpers/push-delivery.js';
import {
  createTestApp,
  databaseKind,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';
import { journeys, linePushes, members, memberTags } from '../../db/schema/index.js';
import { createJourneyScheduler } from '../journeys/index.js';
import { createPushQueue } from '../line-push/index.js';
import { createFriendMessageRenderer } from '../message-rendering/index.js';

type Client = Awaited<ReturnType<typeof signIn>>;
const text = (value: string) => ({ type: 'text', text: value });
/** 4,990 characters and an alias: within LINE's 5,000 as saved, over it with a long nickname. */
const nearlyFull = (varId: number) => text(`${'あ'.repeat(4990)}{{var:${varId}}}`);

/** Issue 23: messages are checked again after they were written with each friend's values. */
describe(`messages checked after rendering (${databaseKind})`, () => {
  let t: TestApp;
  let line: FakeLine;
  let demo: Client;
  let accountId = 0;
  let nickname = 0;

  async function ok<T>(response: { statusCode: number; body: string; json(): T }, code = 200) {
    expect(response.statusCode, response.body).toBe(code);
    return response.json();
  }
  const create = async (messages: unknown[]) =>
    (
      await ok<{ id: number }>(
        await demo.post('/api/templates', { name: '差し込み', group_id: null, messages }),
        201,
      )
    ).id;
  const setNickname = (friendId: number, value: string) =>
    demo.put(`/api/line/friends/${friendId}/varia`, { values: [{ var_id: nickname, value }] });
  const pushesOf = (memberId: number) =>
    t.app.db
      .select({ state: linePushes.state, reason: linePushes.reason })
      .from(linePushes)
      .where(eq(linePushes.memberId, memberId));
  const receivedBy = (userId: string) =>
    line.requests.filter(
      (request) => request.path === '/v2/bot/message/push' && request.body.to === userId,
    );

  beforeAll(async () => {
    line = await startFakeLine({ channels: [fakeChannel(71)] });
    t = await createTestApp({ LINE_API_BASE: line.url });
    demo = await signIn(t.app, 'demo');
    await connectChannel(demo, line.channels[0]!);
    const friend = (await ok<FriendList>(await demo.get('/api/line/friends'))).items[0]!;
    const [row] = await t.app.db
      .select({ accountId: members.accountId })
      .from(members)
      .where(eq(members.id, friend.id));
    accountId = row!.accountId;
    nickname = (
      await ok<{ id: number }>(
        await demo.post('/api/var/items', { name: 'ニックネーム', type: 'text', group_id: null }),
        201,
      )
    ).id;
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await line?.close();
  });

  it('segment broadcast: the friend whose value makes the text too long is not sent, named with the field; the others get theirs', async () => {
    const tag = (
      await ok<{ id: number }>(
        await demo.post('/api/line/tags', { name: '差し込み確認', group_id: null }),
        201,
      )
    ).id;
    const friends = await t.app.db
      .insert(members)
      .values(
        ['長井 名前', '短田 花'].map((displayName, i) => ({
          accountId,
          displayName,
          lineUserId: `U${String(i).padStart(32, 'c')}`,
        })),
      )
      .returning({ id: members.id, lineUserId: members.lineUserId });
    const [long, short] = friends as [(typeof friends)[0], (typeof friends)[0]];
    await t.app.db.insert(memberTags).values(friends.map((f) => ({ memberId: f.id, tagId: tag })));
    await ok(await setNickname(long.id, 'とても長いニックネームです'));
    await ok(await setNickname(short.id, 'ハナ'));
    const segment = (
      await ok<{ id: number }>(
        await demo.post('/api/journey/member_queries', {
          name: '差し込み確認の友だち',
          match: 'all',
          conditions: [{ kind: 'tags', match: 'any', tag_ids: [tag] }],
        }),
        201,
      )
    ).id;
    const id = await create([nearlyFull(nickname)]);

    const queued = await demo.post(`/api/templates/${id}/broadcast`, { member_query_id: segment });
    expect(queued.json()).toEqual({ friends: 2, requests: 2 });
    await deliverQueuedPushes(t, line);

    expect(receivedBy(long.lineUserId)).toEqual([]);
    expect(await pushesOf(long.id)).toEqual([
      {
        state: 'failed',
        reason:
          '友だち「長井 名前」さんへの送信を止めました（差し込んだ値でLINEが受け付けない内容になります）：1つ目のメッセージ：テキスト（text）は5,000文字以内にしてください（現在5,003文字）',
      },
    ]);
    expect(receivedBy(short.lineUserId).map((request) => request.body.messages)).toEqual([
      [text(`${'あ'.repeat(4990)}ハナ`)],
    ]);
    expect(await pushesOf(short.id)).toEqual([{ state: 'sent', reason: '' }]);
  });

  it('test send: refused at once, naming the friend and the field; nothing is queued', async () => {
    const friend = (await ok<FriendList>(await demo.get('/api/line/friends?state=following')))
      .items[0]!;
    await ok(await setNickname(friend.id, 'とても長いニックネームです'));
    const id = await create([text('こんにちは'), nearlyFull(nickname)]);
    const before = (await pushesOf(friend.id)).length;

    const sent = await demo.post(`/api/templates/${id}/test_send`, { friend_id: friend.id });
    expect(sent.statusCode).toBe(422);
    expect((sent.json() as { errors: Record<string, string[]> }).errors.friend_id).toEqual([
      `友だち「${friend.display_name}」さんへの送信を止めました（差し込んだ値でLINEが受け付けない内容になります）：2つ目のメッセージ：テキスト（text）は5,000文字以内にしてください（現在5,003文字）`,
    ]);
    expect(await pushesOf(friend.id)).toHaveLength(before);
  });

  it('journey send step: the friend whose value LINE would refuse gets a failed push naming them, never sent', async () => {
    const friend = (await ok<FriendList>(await demo.get('/api/line/friends?state=following')))
      .items[1]!;
    await ok(await setNickname(friend.id, 'とても長いニックネームです'));
    const template = await create([nearlyFull(nickname)]);
    const entryTag = (
      await ok<{ id: number }>(
        await demo.post('/api/line/tags', { name: 'ジャーニー入口', group_id: null }),
        201,
      )
    ).id;
    const made = await ok<Journey>(
      await demo.post('/api/journeys', {
        name: '差し込みのあるご案内',
        group_id: null,
        is_active: true,
        entry: { kind: 'tag_added', tag_id: entryTag },
        steps: [{ kind: 'send', template_id: template }],
      }),
      201,
    );
    const now = new Date();
    await t.app.db
      .update(journeys)
      .set({ activatedAt: new Date(now.getTime() - 60_000) })
      .where(eq(journeys.id, made.id));
    await t.app.db
      .insert(memberTags)
      .values({ memberId: friend.id, tagId: entryTag, createdAt: now });
    const scheduler = createJourneyScheduler({
      db: t.app.db,
      pushes: createPushQueue(),
      rendererFor: (executor) => createFriendMessageRenderer(executor),
      log: { error() {} },
    });
    await scheduler.runOnce();
    await scheduler.runOnce();

    const rows = await t.app.db
      .select({ state: linePushes.state, reason: linePushes.reason })
      .from(linePushes)
      .where(and(eq(linePushes.memberId, friend.id), like(linePushes.dedupeKey, 'jrn:%')));
    expect(rows).toEqual([
      {
        state: 'failed',
        reason: `友だち「${friend.display_name}」さんへの送信を止めました（差し込んだ値でLINEが受け付けない内容になります）：1つ目のメッセージ：テキスト（text）は5,000文字以内にしてください（現在5,003文字）`,
      },
    ]);
    const [{ lineUserId }] = (await t.app.db
      .select({ lineUserId: members.lineUserId })
      .from(members)
      .where(eq(members.id, friend.id))) as [{ lineUserId: string }];
    await deliverQueuedPushes(t, line);
    expect(receivedBy(lineUserId)).toEqual([]);
  });

  it("trigger's send action (open API event): the friend is not sent, the failure names them and the field", async () => {
    const friend = (await ok<FriendList>(await demo.get('/api/line/friends?state=following')))
      .items[2]!;
    await ok(await setNickname(friend.id, 'とても長いニックネームです'));
    const template = await create([nearlyFull(nickname)]);
    const trigger = await ok<{ id: number }>(
      await demo.post('/api/open_api/triggers', { name: '購入', event: 'purchase_check' }),
      201,
    );
    await ok(
      await demo.post(`/api/open_api/triggers/${trigger.id}/trigger_actions`, {
        name: 'お礼を送る',
        action_type: 'template',
        action_id: template,
        member_query_id: null,
      }),
      201,
    );
    const key = await ok<{ secret: string }>(
      await demo.post('/api/open_api/keys', { name: 'レジ' }),
      201,
    );
    const [{ lineUserId }] = (await t.app.db
      .select({ lineUserId: members.lineUserId })
      .from(members)
      .where(eq(members.id, friend.id))) as [{ lineUserId: string }];
    const event = await t.app.inject({
      method: 'POST',
      url: '/api/open_api/events',
      headers: { authorization: `Bearer ${key.secret}` },
      payload: { event: 'purchase_check', line_user_id: lineUserId },
    });
    expect(event.statusCode, event.body).toBeLessThan(300);

    const rows = await t.app.db
      .select({ state: linePushes.state, reason: linePushes.reason })
      .from(linePushes)
      .where(and(eq(linePushes.memberId, friend.id), like(linePushes.dedupeKey, 'trg:%')));
    expect(rows).toEqual([
      {
        state: 'failed',
        reason: `友だち「${friend.display_name}」さんへの送信を止めました（差し込んだ値でLINEが受け付けない内容になります）：1つ目のメッセージ：テキスト（text）は5,000文字以内にしてください（現在5,003文字）`,
      },
    ]);
    await deliverQueuedPushes(t, line);
    expect(receivedBy(lineUserId)).toEqual([]);
  });
});
