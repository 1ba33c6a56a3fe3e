import type {
  FriendList,
  Notification,
  NotificationEstimate,
  NotificationInsight,
  NotificationList,
} from '@tsunagu/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
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
import { selectRows } from '../../db/raw.js';
import { linePushes, members, memberTags, notifications } from '../../db/schema/index.js';
import { toTokyoIso } from '../../lib/tokyo-time.js';
import { createPushQueue, expandFanOuts } from '../line-push/index.js';
import { createNotificationScheduler } from './index.js';
import { claimDue } from './repository.js';
import { queueNotification } from './service.js';

type Client = Awaited<ReturnType<typeof signIn>>;

const text = (value: string) => ({ type: 'text', text: value });
const silent = { error() {} };
/** A Tokyo wall-clock minute `minutes` from now. */
const tokyoMinuteFromNow = (minutes: number) =>
  toTokyoIso(new Date(Date.now() + minutes * 60_000)).slice(0, 16);

/** Issue 24: お知らせ — compose, audience, send now or at a Tokyo time, quota, statistics. */
describe(`お知らせ (${databaseKind})`, () => {
  let t: TestApp;
  let line: FakeLine;
  let demo: Client;
  let staff: Client;
  let other: Client;
  let demoAccount = 0;
  const tagIds: Record<'x' | 'y' | 'z', number> = { x: 0, y: 0, z: 0 };

  async function ok<T>(response: { statusCode: number; body: string; json(): T }, code = 200) {
    expect(response.statusCode, response.body).toBe(code);
    return response.json();
  }
  const draft = async (body: Record<string, unknown>, client = demo) =>
    (await ok<{ id: number }>(await client.post('/api/line/notifications', body), 201)).id;
  const get = async (id: number) =>
    ok<Notification>(await demo.get(`/api/line/notifications/${id}`));
  const toTag = (tag: keyof typeof tagIds, match: 'any' | 'all' | 'none' = 'any') => ({
    kind: 'tags',
    match,
    tag_ids: [tagIds[tag]],
  });
  const pushesOf = (id: number) =>
    t.app.db.select().from(linePushes).where(eq(linePushes.notificationId, id));

  /** Friends of demo added straight to the table with these tags. */
  async function addFriends(prefix: string, tagsOf: (keyof typeof tagIds)[][]) {
    const rows = await t.app.db
      .insert(members)
      .values(
        tagsOf.map((_, i) => ({
          accountId: demoAccount,
          displayName: `${prefix}${i}`,
          lineUserId: `U${prefix}${String(i).padStart(32 - prefix.length, '0')}`,
        })),
      )
      .returning({ id: members.id, lineUserId: members.lineUserId });
    const links = rows.flatMap((row, i) =>
      tagsOf[i]!.map((tag) => ({ memberId: row.id, tagId: tagIds[tag] })),
    );
    if (links.length > 0) await t.app.db.insert(memberTags).values(links);
    return rows;
  }

  beforeAll(async () => {
    line = await startFakeLine({ channels: [fakeChannel(71)] });
    t = await createTestApp({ LINE_API_BASE: line.url });
    [demo, staff, other] = await Promise.all([
      signIn(t.app, 'demo'),
      signIn(t.app, 'staff'),
      signIn(t.app, 'other'),
    ]);
    await connectChannel(demo, line.channels[0]!);
    const friend = (await ok<FriendList>(await demo.get('/api/line/friends'))).items[0]!;
    const [row] = await t.app.db
      .select({ accountId: members.accountId })
      .from(members)
      .where(eq(members.id, friend.id));
    demoAccount = row!.accountId;
    for (const name of ['x', 'y', 'z'] as const)
      tagIds[name] = (
        await ok<{ id: number }>(
          await demo.post('/api/line/tags', { name: `お知らせ${name}`, group_id: null }),
          201,
        )
      ).id;
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await line?.close();
  });

  it('the demo shows what お知らせ are for: drafts, a 予約 a month ahead and a 配信済み with its counts (decision 0201)', async () => {
    const { items } = await ok<NotificationList>(await staff.get('/api/line/notifications'));
    expect(items.filter((item) => item.state === 'draft')).toHaveLength(3);
    const scheduled = items.find((item) => item.state === 'scheduled');
    expect(scheduled?.title).toBe('年始のご予約受付開始のお知らせ');
    expect(new Date(`${scheduled!.send_at}:00+09:00`).getTime()).toBeGreaterThan(
      Date.now() + 20 * 24 * 3600_000,
    );
    const sent = items.find((item) => item.state === 'sent');
    expect(sent).toMatchObject({ title: '11月の定休日のお知らせ', path: 'multicast' });
    expect(sent!.stats.sent).toBeGreaterThan(0);
    expect(sent!.stats.pending).toBe(0);
    expect(sent!.stats.sent + sent!.stats.failed).toBe(sent!.friends);
  });

  it('the live count of tags any / all / none equals a plain count of the following friends', async () => {
    const added = await addFriends('t', [['x'], ['y'], ['x', 'y'], [], ['x', 'y'], ['y']]);
    // A blocked friend with both tags is never counted: nothing is sent to them.
    await t.app.db
      .update(members)
      .set({ followState: 'blocked' })
      .where(eq(members.id, added[4]!.id));
    // The reference: every following friend of demo's account and their tags, counted in JS.
    const following = await t.app.db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.accountId, demoAccount), eq(members.followState, 'following')));
    const links = await t.app.db
      .select()
      .from(memberTags)
      .where(inArray(memberTags.tagId, [tagIds.x, tagIds.y]));
    const has = (id: number, tag: number) =>
      links.some((link) => link.memberId === id && link.tagId === tag);
    const wanted = [tagIds.x, tagIds.y];
    const reference = {
      any: following.filter((f) => wanted.some((tag) => has(f.id, tag))).length,
      all: following.filter((f) => wanted.every((tag) => has(f.id, tag))).length,
      none: following.filter((f) => !wanted.some((tag) => has(f.id, tag))).length,
    };
    expect(reference.all).toBe(1);
    for (const match of ['any', 'all', 'none'] as const) {
      const estimate = await ok<NotificationEstimate>(
        await staff.post('/api/line/notifications/estimate', {
          content: { messages: [text('お知らせ')] },
          audience: { kind: 'tags', match, tag_ids: wanted },
        }),
      );
      expect(estimate.friends, match).toBe(reference[match]);
    }
    const all = await ok<NotificationEstimate>(
      await demo.post('/api/line/notifications/estimate', {
        content: { messages: [text('お知らせ')] },
        audience: { kind: 'all' },
      }),
    );
    // All friends, nothing personalised: one narrowcast (decision 0227).
    expect(all).toMatchObject({ friends: following.length, path: 'narrowcast', requests: 1 });
    await t.app.db.delete(memberTags).where(inArray(memberTags.tagId, wanted));
  });

  it('sent now to a tag: one multicast, 配信済み with the count, each push linked to the お知らせ', async () => {
    const friends = await addFriends(
      'm',
      Array.from({ length: 25 }, () => ['z' as const]),
    );
    const id = await draft({
      title: '年末年始の営業',
      content: { messages: [text('年末年始は12/30〜1/3お休みです')] },
      audience: toTag('z'),
    });
    expect((await get(id)).state).toBe('draft');
    const sent = await ok<Notification>(await demo.post(`/api/line/notifications/${id}/send`, {}));
    expect(sent).toMatchObject({ state: 'sending', path: 'multicast', friends: 25 });
    await deliverQueuedPushes(t, line);

    const done = await get(id);
    expect(done.state).toBe('sent');
    expect(done.stats).toEqual({ sent: 25, failed: 0, pending: 0, reasons: [] });
    const multicast = line.requests.filter(
      (request) =>
        request.path === '/v2/bot/message/multicast' &&
        JSON.stringify(request.body.messages).includes('年末年始'),
    );
    expect(multicast).toHaveLength(1);
    expect(new Set(multicast[0]!.body.to)).toEqual(new Set(friends.map((f) => f.lineUserId)));
    // Which friends it reached: the pushes carry the お知らせ and LINE's request id.
    const [push] = await pushesOf(id);
    expect(new Set(push!.memberIds)).toEqual(new Set(friends.map((f) => f.id)));
    expect(push!.lineRequestId).toMatch(/^req-/);
    // LINE's statistics of the multicast (25 recipients: LINE counts them).
    const insight = await ok<NotificationInsight>(
      await staff.get(`/api/line/notifications/${id}/insight`),
    );
    expect(insight).toMatchObject({ requests: 1, note: '' });
    expect(insight.overview?.delivered).toBe(25);
    // Sent: no edit, no second send.
    const edit = await demo.put(`/api/line/notifications/${id}`, {
      title: 'x',
      content: { messages: [text('x')] },
      audience: { kind: 'all' },
    });
    expect(edit.statusCode).toBe(409);
    expect((await demo.post(`/api/line/notifications/${id}/send`, {})).statusCode).toBe(409);
    const list = await ok<NotificationList>(await staff.get('/api/line/notifications'));
    expect(list.items.find((item) => item.id === id)).toMatchObject({
      state: 'sent',
      audience_label: 'タグ「お知らせz」：いずれかのタグが付いている',
    });
  });

  it('under 20 recipients LINE gives no statistics, and the お知らせ says so', async () => {
    await t.app.db.delete(memberTags).where(eq(memberTags.tagId, tagIds.z));
    await addFriends('s', [['z'], ['z']]);
    const id = await draft({
      title: '少人数',
      content: { messages: [text('少人数へのお知らせ')] },
      audience: toTag('z'),
    });
    await ok(await demo.post(`/api/line/notifications/${id}/send`, {}));
    await deliverQueuedPushes(t, line);
    const insight = await ok<NotificationInsight>(
      await demo.get(`/api/line/notifications/${id}/insight`),
    );
    expect(insight.overview).toBeNull();
    expect(insight.note).toContain('20人未満');
  });

  it('personalised messages go as one push per friend, each in their own words', async () => {
    await t.app.db.delete(memberTags).where(eq(memberTags.tagId, tagIds.z));
    const [first, second] = await addFriends('p', [['z'], ['z']]);
    const item = await ok<{ id: number }>(
      await demo.post('/api/var/items', { name: '呼び名', type: 'text', group_id: null }),
      201,
    );
    for (const [friend, value] of [
      [first!, 'ハナ'],
      [second!, 'ジロー'],
    ] as const)
      await ok(
        await demo.put(`/api/line/friends/${friend.id}/varia`, {
          values: [{ var_id: item.id, value }],
        }),
      );
    const content = { messages: [text(`{{var:${item.id}}}さん、冬の特典です`)] };
    const estimate = await ok<NotificationEstimate>(
      await demo.post('/api/line/notifications/estimate', { content, audience: toTag('z') }),
    );
    expect(estimate).toMatchObject({ friends: 2, path: 'push', requests: 2 });
    const id = await draft({ title: '冬の特典', content, audience: toTag('z') });
    await ok(await demo.post(`/api/line/notifications/${id}/send`, {}));
    await deliverQueuedPushes(t, line);
    const received = (userId: string) =>
      line.requests
        .filter((request) => request.path === '/v2/bot/message/push' && request.body.to === userId)
        .map((request) => request.body.messages);
    expect(received(first!.lineUserId)).toEqual([[text('ハナさん、冬の特典です')]]);
    expect(received(second!.lineUserId)).toEqual([[text('ジローさん、冬の特典です')]]);
    const pushes = await pushesOf(id);
    expect(
      pushes
        .filter((push) => push.state !== 'expanded')
        .map((push) => push.memberId)
        .sort(),
    ).toEqual([first!.id, second!.id].sort());
    expect((await get(id)).stats.sent).toBe(2);
  });

  it('personalised to 600 friends: queued as two fan-out rows, expanded side by side into exactly one push per friend (decision 0226)', async () => {
    await t.app.db.delete(memberTags).where(eq(memberTags.tagId, tagIds.z));
    const friends = await addFriends(
      'f',
      Array.from({ length: 600 }, () => ['z' as const]),
    );
    const item = await ok<{ id: number }>(
      await demo.post('/api/var/items', { name: '展開の呼び名', type: 'text', group_id: null }),
      201,
    );
    await t.app.db.execute(
      sql`insert into member_var_values (member_id, var_id, text_value)
        select id, ${item.id}, 'F' || id from members where display_name like 'f%' and account_id = ${demoAccount}`,
    );
    const id = await draft({
      title: '展開',
      content: { messages: [text(`{{var:${item.id}}}さん、展開のお知らせです`)] },
      audience: toTag('z'),
    });
    const sent = await ok<Notification>(await demo.post(`/api/line/notifications/${id}/send`, {}));
    expect(sent).toMatchObject({ path: 'push', friends: 600, stats: { pending: 600 } });
    const queued = await pushesOf(id);
    expect(queued.map((push) => [push.memberIds?.length, push.renderAliases])).toEqual([
      [500, true],
      [100, true],
    ]);

    // Three dispatchers expand side by side, one row at a time each.
    const later = new Date(Date.now() + 1000);
    let made = 0;
    for (;;) {
      const round = await Promise.all([1, 2, 3].map(() => expandFanOuts(t.app.db, later, 1)));
      const sum = round.reduce((a, b) => a + b, 0);
      if (sum === 0) break;
      made += sum;
    }
    expect(made).toBe(600);
    const rows = await pushesOf(id);
    expect(rows.filter((push) => push.state === 'expanded')).toHaveLength(2);
    const perFriend = rows.filter((push) => push.memberId !== null);
    expect(perFriend).toHaveLength(600);
    expect(new Set(perFriend.map((push) => push.memberId)).size).toBe(600);
    expect(new Set(perFriend.map((push) => push.retryKey)).size).toBe(600);

    await deliverQueuedPushes(t, line);
    // Each friend got one push, in their own words.
    const received = new Map<string, unknown[]>();
    for (const request of line.requests)
      if (request.path === '/v2/bot/message/push' && request.status === 200) {
        const to = String(request.body.to);
        received.set(to, [...(received.get(to) ?? []), request.body.messages]);
      }
    for (const friend of friends)
      expect(received.get(friend.lineUserId)).toEqual([
        [text(`F${friend.id}さん、展開のお知らせです`)],
      ]);
    expect(await get(id)).toMatchObject({
      state: 'sent',
      stats: { sent: 600, failed: 0, pending: 0 },
    });
  });

  it('the counts shown are kept as pushes settle and equal a recount of the pushes (decision 0225)', async () => {
    await t.app.db.delete(memberTags).where(eq(memberTags.tagId, tagIds.z));
    const friends = await addFriends('k', [['z'], ['z'], ['z'], ['z'], ['z']]);
    const item = await ok<{ id: number }>(
      await demo.post('/api/var/items', { name: '集計の呼び名', type: 'text', group_id: null }),
      201,
    );
    const id = await draft({
      title: '集計',
      content: { messages: [text(`{{var:${item.id}}}さん、集計のお知らせです`)] },
      audience: toTag('z'),
    });
    await ok(await demo.post(`/api/line/notifications/${id}/send`, {}));
    expect((await get(id)).stats).toEqual({ sent: 0, failed: 0, pending: 5, reasons: [] });
    // One friend blocks before it goes; LINE refuses another.
    await t.app.db
      .update(members)
      .set({ followState: 'blocked' })
      .where(eq(members.id, friends[0]!.id));
    const refused = friends[1]!.lineUserId;
    line.setBehaviour((_, request) =>
      request.body?.to === refused
        ? { status: 400, body: { message: "The property, 'to', in the request body is invalid" } }
        : { status: 200 },
    );
    try {
      await deliverQueuedPushes(t, line);
    } finally {
      line.setBehaviour(() => ({ status: 200 }));
    }
    const shown = await get(id);
    expect(shown.state).toBe('sent');
    expect(shown.stats).toMatchObject({ sent: 3, failed: 2, pending: 0 });
    expect(shown.stats.reasons).toHaveLength(2);
    // The reference: the push rows counted as they stand.
    const recount = await t.app.db
      .select({
        state: linePushes.state,
        reason: linePushes.reason,
        friends: sql<number>`count(*)::int`,
      })
      .from(linePushes)
      .where(eq(linePushes.notificationId, id))
      .groupBy(linePushes.state, linePushes.reason);
    expect(recount.find((row) => row.state === 'sent')?.friends).toBe(3);
    expect(shown.stats.reasons.map((r) => [r.reason, r.friends]).sort()).toEqual(
      recount
        .filter((row) => row.state !== 'sent' && row.state !== 'expanded')
        .map((row) => [row.reason, row.friends])
        .sort(),
    );
    const listed = await ok<NotificationList>(await demo.get('/api/line/notifications'));
    expect(listed.items.find((entry) => entry.id === id)?.stats).toEqual(shown.stats);
  });

  it("LINE's month quota is read first: a send that would pass it needs confirming", async () => {
    await t.app.db.delete(memberTags).where(eq(memberTags.tagId, tagIds.z));
    await addFriends('q', [['z'], ['z'], ['z']]);
    const channelId = line.channels[0]!.channelId;
    line.setQuota(channelId, { limit: 1000, used: 998 });
    const body = {
      title: '上限間近',
      content: { messages: [text('上限のテスト')] },
      audience: toTag('z'),
    };
    const estimate = await ok<NotificationEstimate>(
      await demo.post('/api/line/notifications/estimate', {
        content: body.content,
        audience: body.audience,
      }),
    );
    expect(estimate).toMatchObject({
      friends: 3,
      quota: { limit: 1000, used: 998 },
      over_quota: true,
    });
    const id = await draft(body);
    const refused = await demo.post(`/api/line/notifications/${id}/send`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('今月の送信上限を超えます（送信先 3人、残り 2通）');
    expect((await get(id)).state).toBe('draft');
    const confirmed = await ok<Notification>(
      await demo.post(`/api/line/notifications/${id}/send`, { confirm_over_quota: true }),
    );
    expect(confirmed.state).toBe('sending');
    line.setQuota(channelId, { limit: null });
  });

  it('a scheduled お知らせ is sent exactly once by two schedulers, and again not after a run that died', async () => {
    await t.app.db.delete(memberTags).where(eq(memberTags.tagId, tagIds.z));
    await addFriends('w', [['z'], ['z'], ['z']]);
    const sendAt = tokyoMinuteFromNow(3);
    const id = await draft({
      title: '予約配信',
      content: { messages: [text('予約配信のお知らせ')] },
      audience: toTag('z'),
      send_at: sendAt,
    });
    const scheduled = await ok<Notification>(
      await demo.post(`/api/line/notifications/${id}/send`, {}),
    );
    expect(scheduled).toMatchObject({ state: 'scheduled', send_at: sendAt });
    const due = new Date(`${sendAt}:00+09:00`);
    const schedulerAt = (instant: Date, pushes = createPushQueue()) =>
      createNotificationScheduler({ db: t.app.db, pushes, log: silent, clock: () => instant });

    // Not yet: a minute before its Tokyo time nothing is queued.
    expect((await schedulerAt(new Date(due.getTime() - 60_000)).runOnce()).queued).toEqual([]);
    // A process dies while queueing it (before its commit): it stays scheduled.
    const dying = schedulerAt(due, {
      ...createPushQueue(),
      enqueueToMany: async () => {
        throw new Error('the process died');
      },
    });
    await expect(dying.runOnce()).rejects.toThrow('the process died');
    expect((await get(id)).state).toBe('scheduled');

    // Two worker processes at its time (and a restart: a new scheduler), side by side.
    const runs = await Promise.all(
      [schedulerAt(due), schedulerAt(due), schedulerAt(new Date(due.getTime() + 1000))].map((s) =>
        s.runOnce(),
      ),
    );
    expect(runs.flatMap((run) => run.queued).filter((queued) => queued === id)).toEqual([id]);
    const pushes = await pushesOf(id);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.memberIds).toHaveLength(3);
    await deliverQueuedPushes(t, line);
    expect((await get(id)).state).toBe('sent');
  });

  it('a scheduled お知らせ can be cancelled (back to 下書き) and edited until it is sent', async () => {
    const id = await draft({
      title: '取り消す予約',
      content: { messages: [text('取り消し')] },
      audience: { kind: 'all' },
      send_at: tokyoMinuteFromNow(60),
    });
    await ok(await demo.post(`/api/line/notifications/${id}/send`, {}));
    const cancelled = await ok<Notification>(
      await demo.post(`/api/line/notifications/${id}/cancel`, {}),
    );
    expect(cancelled.state).toBe('draft');
    const past = await demo.put(`/api/line/notifications/${id}`, {
      title: '取り消す予約',
      content: { messages: [text('取り消し')] },
      audience: { kind: 'all' },
      send_at: '2020-01-01T10:00',
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.send_at).toEqual(['配信日時には今より後の日時を指定してください']);
    const far = new Date(Date.now() + 24 * 3600_000);
    const [row] = await t.app.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row!.state).toBe('draft');
    const scheduler = createNotificationScheduler({
      db: t.app.db,
      pushes: createPushQueue(),
      log: silent,
      clock: () => far,
    });
    expect((await scheduler.runOnce()).queued).not.toContain(id);
  });

  it('editing a scheduled お知らせ keeps it scheduled, checked again; 下書きに戻す unschedules it', async () => {
    await t.app.db.delete(memberTags).where(eq(memberTags.tagId, tagIds.z));
    await addFriends('ed', [['z'], ['z']]);
    const body = (changes: Record<string, unknown>) => ({
      title: '編集する予約',
      content: { messages: [text('編集前')] },
      audience: toTag('z'),
      send_at: tokyoMinuteFromNow(60),
      ...changes,
    });
    const id = await draft(body({}));
    await ok(await demo.post(`/api/line/notifications/${id}/send`, {}));
    const later = tokyoMinuteFromNow(90);
    const edited = await ok<Notification>(
      await demo.put(
        `/api/line/notifications/${id}`,
        body({ content: { messages: [text('編集後')] }, send_at: later }),
      ),
    );
    expect(edited).toMatchObject({ state: 'scheduled', send_at: later });
    expect(edited.content.messages).toEqual([text('編集後')]);

    // Checked again as a send is; a refused edit changes nothing.
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ send_at: '2020-01-01T10:00' }, 'send_at', '配信日時には今より後の日時を指定してください'],
      [
        { send_at: null },
        'send_at',
        '予約中のお知らせには配信日時を指定してください。予約をやめるときは「下書きに戻す」を使ってください',
      ],
      [{ audience: toTag('x', 'all') }, 'audience', '送信先に該当する友だちがいません'],
    ];
    await t.app.db.delete(memberTags).where(eq(memberTags.tagId, tagIds.x));
    for (const [changes, field, message] of refusals) {
      const refused = await demo.put(`/api/line/notifications/${id}`, body(changes));
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().errors[field]).toEqual([message]);
    }
    expect(await get(id)).toMatchObject({ state: 'scheduled', send_at: later });

    // 下書きに戻す: a draft again, which the scheduler never takes.
    const back = await ok<Notification>(
      await demo.post(`/api/line/notifications/${id}/cancel`, {}),
    );
    expect(back).toMatchObject({ state: 'draft', send_at: later });
    const far = new Date(Date.now() + 24 * 3600_000);
    const farScheduler = createNotificationScheduler({
      db: t.app.db,
      pushes: createPushQueue(),
      log: silent,
      clock: () => far,
    });
    expect((await farScheduler.runOnce()).queued).not.toContain(id);
    // Edited as a draft it stays a draft.
    expect(
      (await ok<Notification>(await demo.put(`/api/line/notifications/${id}`, body({})))).state,
    ).toBe('draft');
  });

  it('an edit racing the scheduler: sent once with the content it was claimed with, the late edit refused with 409', async () => {
    await t.app.db.delete(memberTags).where(eq(memberTags.tagId, tagIds.z));
    await addFriends('rc', [['z'], ['z'], ['z']]);
    const sendAt = tokyoMinuteFromNow(2);
    const body = (message: string) => ({
      title: '競合する予約',
      content: { messages: [text(message)] },
      audience: toTag('z'),
      send_at: sendAt,
    });
    const id = await draft(body('予約した内容'));
    await ok(await demo.post(`/api/line/notifications/${id}/send`, {}));
    const due = new Date(`${sendAt}:00+09:00`);
    const scheduler = createNotificationScheduler({
      db: t.app.db,
      pushes: createPushQueue(),
      log: silent,
      clock: () => due,
    });

    // An edit in flight holds the row (as its UPDATE does): the scheduler skips it, not waits.
    let releaseEdit = () => {};
    const editHeld = new Promise<void>((resolve) => (releaseEdit = resolve));
    let editLocked = () => {};
    const locked = new Promise<void>((resolve) => (editLocked = resolve));
    const editing = t.app.db.transaction(async (tx) => {
      await tx.execute(sql`select id from notifications where id = ${id} for update`);
      editLocked();
      await editHeld;
    });
    await locked;
    expect((await scheduler.runOnce()).queued).not.toContain(id);
    releaseEdit();
    await editing;

    // The scheduler claims it and holds its transaction open; an edit now waits for the row…
    let releaseClaim = () => {};
    const claimHeld = new Promise<void>((resolve) => (releaseClaim = resolve));
    let claimed = () => {};
    const claimedNow = new Promise<void>((resolve) => (claimed = resolve));
    const claiming = t.app.db.transaction(async (tx) => {
      const row = await claimDue(tx, due);
      expect(row?.id).toBe(id);
      await queueNotification(tx, createPushQueue(), row!, due);
      claimed();
      await claimHeld;
    });
    await claimedNow;
    const edit = demo.put(`/api/line/notifications/${id}`, body('遅れた編集'));
    // …until the claim commits (the edit's UPDATE is seen waiting on the row's lock).
    for (;;) {
      const waiting = await selectRows(
        t.app.db,
        sql`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like 'update "notifications"%'`,
      );
      if (waiting.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    releaseClaim();
    await claiming;
    const late = await edit;
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().message).toBe(
      '配信を始めたお知らせは編集できません（予約の日時になり配信が始まっています）',
    );
    const pushes = await pushesOf(id);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.messages).toEqual([text('予約した内容')]);
    expect((await scheduler.runOnce()).queued).not.toContain(id);
    await deliverQueuedPushes(t, line);
    expect(await get(id)).toMatchObject({ state: 'sent', stats: { sent: 3, failed: 0 } });
  });

  it('a scheduled お知らせ of a template is sent as the template reads at its time; a deleted template fails it, saying so', async () => {
    await t.app.db.delete(memberTags).where(eq(memberTags.tagId, tagIds.z));
    await addFriends('d', [['z']]);
    const template = await ok<{ id: number }>(
      await demo.post('/api/templates', {
        name: 'お知らせ用',
        group_id: null,
        messages: [text('テンプレートの文')],
      }),
      201,
    );
    const sendAt = tokyoMinuteFromNow(5);
    const schedule = async () => {
      const id = await draft({
        title: 'テンプレートのお知らせ',
        content: { template_id: template.id },
        audience: toTag('z'),
        send_at: sendAt,
      });
      expect(
        (await ok<Notification>(await demo.post(`/api/line/notifications/${id}/send`, {}))).state,
      ).toBe('scheduled');
      return id;
    };
    const first = await schedule();
    expect((await get(first)).content.template_name).toBe('お知らせ用');
    const scheduler = createNotificationScheduler({
      db: t.app.db,
      pushes: createPushQueue(),
      log: silent,
      clock: () => new Date(`${sendAt}:00+09:00`),
    });
    await ok(
      await demo.put(`/api/templates/${template.id}`, {
        name: 'お知らせ用',
        group_id: null,
        messages: [text('直前に直した文')],
      }),
    );
    expect((await scheduler.runOnce()).queued).toEqual([first]);
    const [push] = await pushesOf(first);
    expect(push!.messages).toEqual([text('直前に直した文')]);

    const second = await schedule();
    await ok(await demo.delete(`/api/templates/${template.id}`));
    expect((await scheduler.runOnce()).queued).toEqual([second]);
    const failed = await get(second);
    expect(failed.state).toBe('failed');
    expect(failed.reason).toBe('配信時刻にテンプレートが削除されていたため送信しませんでした');
    expect(await pushesOf(second)).toEqual([]);
  });

  it("tenancy and rights: another account never sees nor sends demo's お知らせ; read-only staff cannot write", async () => {
    const id = await draft({
      title: '店内だけ',
      content: { messages: [text('店内')] },
      audience: { kind: 'all' },
    });
    expect((await other.get(`/api/line/notifications/${id}`)).statusCode).toBe(404);
    expect((await other.post(`/api/line/notifications/${id}/send`, {})).statusCode).toBe(404);
    expect((await other.delete(`/api/line/notifications/${id}`)).statusCode).toBe(404);
    const theirs = await ok<NotificationList>(await other.get('/api/line/notifications'));
    expect(theirs.items.map((item) => item.id)).not.toContain(id);
    // demo's tag is not theirs to address.
    const foreignTag = await other.post('/api/line/notifications/estimate', {
      content: { messages: [text('x')] },
      audience: toTag('x'),
    });
    expect(foreignTag.statusCode).toBe(422);
    expect(foreignTag.json().errors['audience.tag_ids']).toEqual([
      '選んだタグが見つかりません（削除された可能性があります）',
    ]);
    expect((await staff.get(`/api/line/notifications/${id}`)).statusCode).toBe(200);
    expect(
      (
        await staff.post('/api/line/notifications', {
          title: 'x',
          content: { messages: [text('x')] },
          audience: { kind: 'all' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await staff.post(`/api/line/notifications/${id}/send`, {})).statusCode).toBe(403);
    const [count] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(linePushes)
      .where(eq(linePushes.notificationId, id));
    expect(count!.n).toBe(0);
  });

  it('テスト送信 sends the content to one chosen friend in their words, and says what became of it', async () => {
    const [friend] = await addFriends('e', [[]]);
    const queued = await ok<{ push_id: number }>(
      await demo.post('/api/line/notifications/test_send', {
        content: { messages: [text('テスト送信です')] },
        friend_id: friend!.id,
      }),
      202,
    );
    await deliverQueuedPushes(t, line);
    const result = await ok<{ state: string }>(
      await demo.get(`/api/line/notifications/test_sends/${queued.push_id}`),
    );
    expect(result.state).toBe('sent');
    expect(
      line.requests.some(
        (request) =>
          request.body.to === friend!.lineUserId &&
          JSON.stringify(request.body.messages).includes('テスト送信です'),
      ),
    ).toBe(true);
  });
});
