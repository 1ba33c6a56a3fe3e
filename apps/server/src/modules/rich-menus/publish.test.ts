import type { ActionSet, RichMenu, RichMenuInsight } from '@tsunagu/contracts';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeChannel, startFakeLine, type FakeLine } from '../../../test/fakes/fake-line.js';
import { connectChannel, deliverWebhook } from '../../../test/helpers/line-channels.js';
import { runRichMenuJobs } from '../../../test/helpers/rich-menu-publishing.js';
import {
  createTestApp,
  CSRF_HEADERS,
  databaseKind,
  signIn,
  TEST_SECRETS_KEY,
  type TestApp,
} from '../../../test/helpers/test-app.js';
import { selectRows } from '../../db/raw.js';
import { members, richMenuJobs } from '../../db/schema/index.js';

type Client = Awaited<ReturnType<typeof signIn>>;

const FRIENDS = 1200;
/** LINE user ids of this file's tagged friends (`U` + 32 hex, as LINE's). */
const friendId = (n: number) => `U${'e'.repeat(24)}${n.toString(16).padStart(8, '0')}`;

let seq = 0;
function postbackEvent(user: string, data: string, webhookEventId?: string) {
  seq += 1;
  return {
    type: 'postback',
    mode: 'active',
    timestamp: Date.now(),
    webhookEventId: webhookEventId ?? `01TESTRICHMENU${String(seq).padStart(12, '0')}`,
    deliveryContext: { isRedelivery: webhookEventId !== undefined },
    source: { type: 'user', userId: user },
    replyToken: 'postback-token',
    postback: { data },
  };
}

/**
 * Issue 25: publishing rich menus to LINE as a job (decision 0260) against the fake LINE — a
 * 2-tab menu to 1,200 tagged friends, an edit of a live menu, LINE's 5xx with the batch's
 * resume key, LINE's hourly budget as a wait said in Japanese — and the action that switches a
 * friend's menu, taps, deleting, tenancy and permission.
 */
describe(`rich menu publishing (${databaseKind})`, () => {
  let t: TestApp;
  let line: FakeLine;
  let demo: Client;
  let staff: Client;
  let other: Client;
  let tag: number;
  let set: ActionSet;
  let home: RichMenu;
  let coupons: RichMenu;
  const clock = { now: Date.now() };
  const channel = fakeChannel(81);

  async function ok<T>(response: { statusCode: number; body: string; json(): T }, code = 200) {
    expect(response.statusCode, response.body).toBe(code);
    return response.json();
  }
  const errorsOf = (response: { json(): unknown }) =>
    (response.json() as { errors: Record<string, string[]> }).errors;
  const image = (color: string) =>
    sharp({ create: { width: 2500, height: 843, channels: 3, background: color } })
      .png()
      .toBuffer();
  const putImage = async (id: number, bytes: Buffer) =>
    ok<RichMenu>(
      await t.app.inject({
        method: 'PUT',
        url: `/api/line/rich_menus/${id}/image`,
        headers: { cookie: demo.cookie, ...CSRF_HEADERS, 'content-type': 'image/png' },
        payload: bytes,
      }),
    );
  const body = (name: string, switchTo: number | null) => ({
    name,
    chat_bar_text: 'メニュー',
    selected: true,
    size: { width: 2500, height: 843 },
    areas: [
      {
        bounds: { x: 0, y: 0, width: 1250, height: 843 },
        action: { type: 'postback', action_set_id: set.id },
      },
      ...(switchTo === null
        ? []
        : [
            {
              bounds: { x: 1250, y: 0, width: 1250, height: 843 },
              action: { type: 'richmenuswitch', rich_menu_id: switchTo, label: 'タブ' },
            },
          ]),
    ],
  });
  const read = async (id: number) => ok<RichMenu>(await demo.get(`/api/line/rich_menus/${id}`));
  const calls = (method: string, pattern: RegExp) =>
    line.richMenu.calls.filter((c) => c.method === method && pattern.test(c.path));
  const run = (options: { throughBudget?: boolean } = {}) => runRichMenuJobs(t, clock, options);
  const publish = (client: Client, id: number, audience: unknown) =>
    client.post(`/api/line/rich_menus/${id}/publish`, { audience });
  const jobOf = async (id: number) =>
    (
      await t.app.db
        .select()
        .from(richMenuJobs)
        .where(eq(richMenuJobs.richMenuId, id))
        .orderBy(sql`${richMenuJobs.id} desc`)
        .limit(1)
    )[0]!;
  const linkedTo = (lineId: string | null) =>
    [...(line.richMenu.links.get(channel.channelId) ?? new Map<string, string>()).values()].filter(
      (id) => id === lineId,
    ).length;

  beforeAll(async () => {
    line = await startFakeLine({ channels: [channel, fakeChannel(82)] });
    line.richMenu.setClock(() => clock.now);
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
    await connectChannel(demo, channel);
    await connectChannel(other, line.channels[1]!);
    tag = (
      await ok<{ id: number }>(
        await demo.post('/api/line/tags', { name: 'リッチメニュー会員', group_id: null }),
        201,
      )
    ).id;
    set = await ok<ActionSet>(
      await demo.post('/api/line/action_sets', {
        name: '予約',
        actions: [{ type: 'add_tag', tag_id: tag }],
      }),
      201,
    );
    // 1,200 following friends with the tag (the demo's own friends have other ids).
    const [found] = await selectRows<{ account_id: number }>(
      t.app.db,
      sql`select account_id from tags where id = ${tag}`,
    );
    const accountId = found!.account_id;
    // The same ids as friendId(n), made in SQL.
    await t.app.db.execute(
      sql`insert into members (account_id, display_name, line_user_id, follow_state, followed_at)
        select ${accountId}, '友だち' || n, 'U' || repeat('e', 24) || lpad(to_hex(n), 8, '0'),
          'following', now()
        from generate_series(1, ${FRIENDS}) n`,
    );
    await t.app.db.execute(
      sql`insert into member_tags (member_id, tag_id)
        select id, ${tag} from members
        where account_id = ${accountId} and line_user_id like ${`U${'e'.repeat(24)}%`}`,
    );
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await line?.close();
  });

  it('a 2-tab menu to 1,200 tagged friends: 2 creates, 2 images, 2 aliases, bulk links of 500 + 500 + 200, then 公開中', async () => {
    home = await ok<RichMenu>(await demo.post('/api/line/rich_menus', body('ホーム', null)), 201);
    coupons = await ok<RichMenu>(
      await demo.post('/api/line/rich_menus', body('クーポン', home.id)),
      201,
    );
    home = await ok<RichMenu>(
      await demo.put(`/api/line/rich_menus/${home.id}`, body('ホーム', coupons.id)),
    );
    // Not publishable without an image: 422 naming it.
    const noImage = await publish(demo, home.id, { type: 'tag', tag_id: tag });
    expect(noImage.statusCode).toBe(422);
    expect(errorsOf(noImage).image![0]).toContain('画像がまだありません');
    await putImage(home.id, await image('#c33'));
    await putImage(coupons.id, await image('#3c3'));

    const started = await ok<RichMenu>(
      await publish(demo, home.id, { type: 'tag', tag_id: tag }),
      202,
    );
    expect(started.state).toBe('publishing');
    expect(started.publish).toMatchObject({
      step: 'validate',
      audience: { type: 'tag', tag_id: tag },
    });
    // A second publish while this one runs: 409.
    expect((await publish(demo, home.id, { type: 'default' })).statusCode).toBe(409);
    await run();

    expect(calls('POST', /^\/v2\/bot\/richmenu$/)).toHaveLength(2);
    expect(calls('POST', /\/content$/)).toHaveLength(2);
    expect(calls('POST', /^\/v2\/bot\/richmenu\/alias$/)).toHaveLength(2);
    expect(line.richMenu.bulkLinks).toEqual([500, 500, 200]);
    const shown = await read(home.id);
    expect(shown.state).toBe('published');
    expect(shown.publish).toMatchObject({
      step: 'done',
      total: FRIENDS,
      linked: FRIENDS,
      error: null,
    });
    expect(linkedTo(shown.line_rich_menu_id)).toBe(FRIENDS);
    // On LINE: the tab switches through the other menu's alias; the postback is signed data.
    const lineHome = line.richMenu.menus.get(shown.line_rich_menu_id!)!;
    const tabs = line.richMenu.aliases.get(channel.channelId)!;
    const tabAction = lineHome.areas[1]!.action as { type: string; richMenuAliasId: string };
    expect(tabAction.type).toBe('richmenuswitch');
    expect(tabs.get(tabAction.richMenuAliasId)).toBe((await read(coupons.id)).line_rich_menu_id);
    expect((await read(coupons.id)).state).toBe('published');
    expect((lineHome.areas[0]!.action as { data: string }).data).toMatch(
      new RegExp(`^tsg:as:${set.id}:[A-Za-z0-9_-]{32}:m${home.id}a0$`),
    );
  });

  it('a new image for the live menu: new LINE menus, one batch moving the friends, the old menus deleted only after LINE reports success', async () => {
    const before = await read(home.id);
    const oldCoupons = (await read(coupons.id)).line_rich_menu_id!;
    const creates = calls('POST', /^\/v2\/bot\/richmenu$/).length;
    await putImage(home.id, await image('#33c'));
    await ok<RichMenu>(await publish(demo, home.id, { type: 'tag', tag_id: tag }), 202);
    await run();

    const after = await read(home.id);
    expect(after.state).toBe('published');
    expect(after.line_rich_menu_id).not.toBe(before.line_rich_menu_id);
    expect(calls('POST', /^\/v2\/bot\/richmenu$/).length - creates).toBe(2);
    expect(line.richMenu.batches).toHaveLength(1);
    expect(line.richMenu.batches[0]!.resumeRequestKey).toBe((await jobOf(home.id)).batchKey);
    expect(line.richMenu.batches[0]!.switched).toBe(FRIENDS);
    // The same audience: no bulk link again; every friend is on the new menu.
    expect(line.richMenu.bulkLinks).toEqual([500, 500, 200]);
    expect(linkedTo(after.line_rich_menu_id)).toBe(FRIENDS);
    // The old menus are gone, deleted after the batch's progress said succeeded.
    expect(line.richMenu.menus.has(before.line_rich_menu_id!)).toBe(false);
    expect(line.richMenu.menus.has(oldCoupons)).toBe(false);
    const order = line.richMenu.calls.map((c) => `${c.method} ${c.path}`);
    const succeeded = order.findLastIndex((c) =>
      c.startsWith('GET /v2/bot/richmenu/progress/batch'),
    );
    const deletes = order
      .map((c, i) => (c.startsWith('DELETE /v2/bot/richmenu/richmenu-') ? i : -1))
      .filter((i) => i >= 0);
    expect(deletes).toHaveLength(2);
    expect(Math.min(...deletes)).toBeGreaterThan(succeeded);
    // The alias of the tab now names the new coupons menu.
    const tabs = line.richMenu.aliases.get(channel.channelId)!;
    expect([...tabs.values()]).toContain((await read(coupons.id)).line_rich_menu_id);
  });

  it('LINE answers the batch 500 once (it did the work): the retry sends the same resumeRequestKey and nobody is switched twice', async () => {
    line.richMenu.setBehaviour('batch', (n) => (n === 0 ? { status: 500, taken: true } : null));
    const batches = line.richMenu.batches.length;
    await putImage(home.id, await image('#3cc'));
    await ok<RichMenu>(await publish(demo, home.id, { type: 'tag', tag_id: tag }), 202);
    await run();

    const batchCalls = calls('POST', /^\/v2\/bot\/richmenu\/batch$/);
    expect(batchCalls.slice(-2).map((c) => c.status)).toEqual([500, 202]);
    // One batch taken: the retry resumed it under the job's key.
    expect(line.richMenu.batches.length - batches).toBe(1);
    const taken = line.richMenu.batches.at(-1)!;
    expect(taken.resumeRequestKey).toBe((await jobOf(home.id)).batchKey);
    expect(taken.switched).toBe(FRIENDS);
    const after = await read(home.id);
    expect(after.state).toBe('published');
    expect(linkedTo(after.line_rich_menu_id)).toBe(FRIENDS);
    line.richMenu.setBehaviour('batch', () => null);
  });

  it('LINE says its hourly budget is spent (429): the job waits and says in Japanese until when, then goes on', async () => {
    line.richMenu.setBehaviour('create', () => ({ status: 429 }));
    const solo = await ok<RichMenu>(
      await demo.post('/api/line/rich_menus', body('お知らせ', null)),
      201,
    );
    await putImage(solo.id, await image('#999'));
    await ok<RichMenu>(await publish(demo, solo.id, { type: 'default' }), 202);
    await run();

    const waiting = await read(solo.id);
    expect(waiting.state).toBe('publishing');
    expect(waiting.publish!.step).toBe('create');
    const until = new Date(waiting.publish!.waiting_until!);
    expect(until.getTime()).toBeGreaterThan(clock.now);
    const tokyo = new Date(until.getTime() + 9 * 3_600_000);
    const hhmm = `${String(tokyo.getUTCHours()).padStart(2, '0')}:${String(tokyo.getUTCMinutes()).padStart(2, '0')}`;
    expect(waiting.publish!.waiting_reason).toBe(
      `LINE の上限（リッチメニューの作成と削除は1時間に100回まで）に達したため、${tokyo.getUTCMonth() + 1}月${tokyo.getUTCDate()}日 ${hhmm}ごろに続きを行います`,
    );

    line.richMenu.setBehaviour('create', () => null);
    await run({ throughBudget: true });
    const done = await read(solo.id);
    expect(done.state).toBe('published');
    expect(done.publish).toMatchObject({ step: 'done', waiting_until: null });
    expect(line.richMenu.defaults.get(channel.channelId)).toBe(done.line_rich_menu_id);
  });

  it('our own budget count: a fourth batch within the hour is not sent; the job waits for the hour to pass', async () => {
    // Three batches were spent this hour (one, then 500 + its retry); LINE allows 3.
    const batches = calls('POST', /^\/v2\/bot\/richmenu\/batch$/).length;
    await putImage(home.id, await image('#c3c'));
    await ok<RichMenu>(await publish(demo, home.id, { type: 'tag', tag_id: tag }), 202);
    await run();
    const waiting = await read(home.id);
    expect(waiting.publish!.step).toBe('link');
    expect(waiting.publish!.waiting_reason).toMatch(
      /^LINE の上限（ユーザーのリッチメニューの一括切り替えは1時間に3回まで）に達したため、\d+月\d+日 \d\d:\d\dごろに続きを行います$/,
    );
    expect(calls('POST', /^\/v2\/bot\/richmenu\/batch$/)).toHaveLength(batches);
    await run({ throughBudget: true });
    expect((await read(home.id)).state).toBe('published');
    expect(calls('POST', /^\/v2\/bot\/richmenu\/batch$/)).toHaveLength(batches + 1);
  });

  it('taps: a postback from an area counts once per event, beside LINE insight (none below its privacy threshold)', async () => {
    const live = await read(home.id);
    const data = (
      line.richMenu.menus.get(live.line_rich_menu_id!)!.areas[0]!.action as { data: string }
    ).data;
    const event = postbackEvent(friendId(1), data);
    await deliverWebhook(t.app, channel, [event]);
    await deliverWebhook(t.app, channel, [{ ...event, deliveryContext: { isRedelivery: true } }]);
    await deliverWebhook(t.app, channel, [postbackEvent(friendId(2), data)]);
    // Forged: the area changed, the signature kept.
    await deliverWebhook(t.app, channel, [postbackEvent(friendId(3), data.replace(/a0$/, 'a1'))]);

    let insight = await ok<RichMenuInsight>(
      await demo.get(`/api/line/rich_menus/${home.id}/insight`),
    );
    expect(insight.ours).toEqual([{ area: 0, taps: 2, friends: 2 }]);
    expect(insight.line).toBeNull();
    expect(insight.line_note).toBe(
      'タップした人数が LINE のプライバシー基準に満たないため、LINE の集計は表示されません',
    );
    line.richMenu.setInsight(live.line_rich_menu_id!, {
      impression: { count: 567, uniqueUsers: 300 },
      clicks: [{ bounds: { x: 0, y: 0, width: 1250, height: 843 }, count: 123, uniqueUsers: 45 }],
    });
    insight = await ok<RichMenuInsight>(
      await demo.get(`/api/line/rich_menus/${home.id}/insight?from=2026-11-01&to=2026-11-26`),
    );
    expect(insight.line).toEqual({
      impressions: 567,
      impression_users: 300,
      areas: [
        { area: 0, taps: 123, users: 45 },
        { area: 1, taps: 0, users: 0 },
      ],
    });
    expect(line.richMenu.insightCalls.at(-1)).toMatchObject({ from: '20261101', to: '20261126' });
  });

  it('the action switch_rich_menu links the friend who tapped to a published menu, once per cause', async () => {
    const draft = await ok<RichMenu>(
      await demo.post('/api/line/rich_menus', body('下書き', null)),
      201,
    );
    const refused = await demo.post('/api/line/action_sets', {
      name: '切替',
      actions: [{ type: 'switch_rich_menu', rich_menu_id: draft.id }],
    });
    expect(errorsOf(refused)['actions.0.rich_menu_id']).toEqual(['リッチメニュー公開後に使えます']);
    const switcher = await ok<ActionSet & { postback_data: string }>(
      await demo.post('/api/line/action_sets', {
        name: 'クーポンへ',
        actions: [{ type: 'switch_rich_menu', rich_menu_id: coupons.id }],
      }),
      201,
    );
    const event = postbackEvent(friendId(7), switcher.postback_data);
    await deliverWebhook(t.app, channel, [event]);
    await deliverWebhook(t.app, channel, [{ ...event, deliveryContext: { isRedelivery: true } }]);
    const before = calls('POST', /^\/v2\/bot\/user\/U[0-9a-f]+\/richmenu\//).length;
    await run();
    const links = calls('POST', /^\/v2\/bot\/user\/U[0-9a-f]+\/richmenu\//);
    expect(links.length - before).toBe(1);
    expect(line.richMenu.links.get(channel.channelId)!.get(friendId(7))).toBe(
      (await read(coupons.id)).line_rich_menu_id,
    );
  });

  it('tenancy and permission: another account sees 404, staff without template-write 403, a tag not the account’s 422', async () => {
    expect((await other.get(`/api/line/rich_menus/${home.id}`)).statusCode).toBe(404);
    expect((await publish(other, home.id, { type: 'default' })).statusCode).toBe(404);
    expect((await other.get(`/api/line/rich_menus/${home.id}/insight`)).statusCode).toBe(404);
    expect((await other.delete(`/api/line/rich_menus/${home.id}`)).statusCode).toBe(404);
    expect((await publish(staff, home.id, { type: 'default' })).statusCode).toBe(403);
    expect((await staff.delete(`/api/line/rich_menus/${home.id}`)).statusCode).toBe(403);
    expect((await staff.get(`/api/line/rich_menus/${home.id}`)).statusCode).toBe(200);
    const otherTag = (
      await ok<{ id: number }>(
        await other.post('/api/line/tags', { name: '他店', group_id: null }),
        201,
      )
    ).id;
    const foreign = await publish(demo, home.id, { type: 'tag', tag_id: otherTag });
    expect(foreign.statusCode).toBe(422);
    expect(errorsOf(foreign)['audience.tag_id']).toEqual(['タグが見つかりません']);
    const [friend] = await t.app.db
      .select()
      .from(members)
      .where(eq(members.lineUserId, friendId(9)));
    expect(friend).toBeDefined();
  });

  it('DELETE: tabs leave LINE together (aliases and menus, their friends unlinked); the other tab stays as a draft', async () => {
    const lineHome = (await read(home.id)).line_rich_menu_id!;
    const lineCoupons = (await read(coupons.id)).line_rich_menu_id!;
    await ok(await demo.delete(`/api/line/rich_menus/${home.id}`));
    expect(line.richMenu.menus.has(lineHome)).toBe(false);
    expect(line.richMenu.menus.has(lineCoupons)).toBe(false);
    expect(line.richMenu.aliases.get(channel.channelId)!.size).toBe(0);
    expect(linkedTo(lineHome)).toBe(0);
    expect((await demo.get(`/api/line/rich_menus/${home.id}`)).statusCode).toBe(404);
    expect(await read(coupons.id)).toMatchObject({
      state: 'draft',
      line_rich_menu_id: null,
      publish: null,
    });
    // Its tab now names a menu that is gone: publishing it says which area.
    const dangling = await publish(demo, coupons.id, { type: 'default' });
    expect(dangling.statusCode).toBe(422);
    expect(errorsOf(dangling)['areas.1.action.rich_menu_id']).toEqual([
      'リッチメニューが見つかりません',
    ]);
    await ok(await demo.delete(`/api/line/rich_menus/${coupons.id}`));
  });
});
