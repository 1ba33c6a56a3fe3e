import type { FriendRichMenu, RichMenu } from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeChannel, startFakeLine, type FakeLine } from '../../../test/fakes/fake-line.js';
import { connectChannel } from '../../../test/helpers/line-channels.js';
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
import { richMenuAudienceSyncFromConfig } from './index.js';

type Client = Awaited<ReturnType<typeof signIn>>;
const HOUR = 3_600_000;
const userOf = (n: number) => `U${'d'.repeat(24)}${n.toString(16).padStart(8, '0')}`;

/**
 * Issue 25, decision 0300: who sees which rich menu holds after the publish — a tag added or
 * removed later, a schedule's time — through the audience worker against the fake LINE; a
 * friend's menu and the rule that gave it; a failed republish of a live menu (0301).
 */
describe(`rich menu audience rules (${databaseKind})`, () => {
  let t: TestApp;
  let line: FakeLine;
  let demo: Client;
  let staff: Client;
  let other: Client;
  let tag: number;
  let friends: number[];
  let base: RichMenu;
  let members: RichMenu;
  const clock = { now: Date.now() };
  const channel = fakeChannel(91);

  async function ok<T>(response: { statusCode: number; body: string; json(): T }, code = 200) {
    expect(response.statusCode, response.body).toBe(code);
    return response.json();
  }
  const image = (color: string) =>
    sharp({ create: { width: 2500, height: 843, channels: 3, background: color } })
      .png()
      .toBuffer();
  const makeMenu = async (name: string, color: string) => {
    const menu = await ok<RichMenu>(
      await demo.post('/api/line/rich_menus', {
        name,
        chat_bar_text: 'メニュー',
        selected: true,
        size: { width: 2500, height: 843 },
        areas: [
          {
            bounds: { x: 0, y: 0, width: 2500, height: 843 },
            action: { type: 'message', text: name },
          },
        ],
      }),
      201,
    );
    await ok(
      await t.app.inject({
        method: 'PUT',
        url: `/api/line/rich_menus/${menu.id}/image`,
        headers: {
          cookie: demo.cookie,
          ...CSRF_HEADERS,
          'content-type': 'image/png',
        },
        payload: await image(color),
      }),
    );
    return menu;
  };
  const read = async (id: number) => ok<RichMenu>(await demo.get(`/api/line/rich_menus/${id}`));
  const publish = async (id: number, audience: unknown) => {
    await ok(await demo.post(`/api/line/rich_menus/${id}/publish`, { audience }), 202);
    await runRichMenuJobs(t, clock);
    return read(id);
  };
  const sync = () =>
    richMenuAudienceSyncFromConfig(
      t.app.db,
      t.config,
      { error() {}, warn() {}, info() {} },
      () => new Date(clock.now),
    ).runOnce();
  const linkOf = (n: number) => line.richMenu.links.get(channel.channelId)?.get(userOf(n));
  const defaultMenu = () => line.richMenu.defaults.get(channel.channelId);
  const friendMenu = async (client: Client, n: number) =>
    client.get(`/api/line/friends/${friends[n]}/rich_menu`);

  beforeAll(async () => {
    line = await startFakeLine({ channels: [channel, fakeChannel(92)] });
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
        await demo.post('/api/line/tags', { name: '会員', group_id: null }),
        201,
      )
    ).id;
    const [found] = await selectRows<{ account_id: number }>(
      t.app.db,
      sql`select account_id from tags where id = ${tag}`,
    );
    // Friends 0..2 following; 0 and 1 have the tag.
    const rows = await selectRows<{ id: number }>(
      t.app.db,
      sql`insert into members (account_id, display_name, line_user_id, follow_state, followed_at)
        select ${found!.account_id}, '友だち' || n, 'U' || repeat('d', 24) || lpad(to_hex(n), 8, '0'),
          'following', now()
        from generate_series(0, 2) n returning id`,
    );
    friends = rows.map((row) => row.id).sort((a, b) => a - b);
    await ok(await demo.post(`/api/line/tags/${tag}/friends/add`, { ids: friends.slice(0, 2) }));
    base = await makeMenu('ふだんのメニュー', '#ccc');
    members = await makeMenu('会員メニュー', '#c33');
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await line?.close();
  });

  it('published: tagged friends have the tag menu, the others the default; the friend’s menu says which rule', async () => {
    base = await publish(base.id, { type: 'default' });
    members = await publish(members.id, { type: 'tag', tag_id: tag });
    expect(defaultMenu()).toBe(base.line_rich_menu_id);
    expect(linkOf(0)).toBe(members.line_rich_menu_id);
    expect(linkOf(2)).toBeUndefined();
    await sync();
    // Nothing to change: no call beyond the publish's.
    expect(line.richMenu.bulkLinks).toEqual([2]);
    const tagged = await ok<FriendRichMenu>(await friendMenu(demo, 0));
    expect(tagged).toMatchObject({
      rich_menu: { id: members.id, name: '会員メニュー' },
      rule: 'tag',
      on_line: true,
    });
    expect(tagged.reason).toContain('タグ「会員」');
    expect(tagged.order).toContain('アクションで切り替えたメニュー ＞ タグ・セグメント');
    // Staff (no template-write) may see it too.
    expect(await ok<FriendRichMenu>(await friendMenu(staff, 2))).toMatchObject({
      rich_menu: { id: base.id },
      rule: 'default',
      on_line: true,
    });
  });

  it('a tag added after the publish links the friend to the tag menu; removed, the friend falls back to the default', async () => {
    await ok(await demo.post(`/api/line/tags/${tag}/friends/add`, { ids: [friends[2]] }));
    // The rule says so at once; LINE shows it after the worker's pass.
    expect(await ok<FriendRichMenu>(await friendMenu(demo, 2))).toMatchObject({
      rule: 'tag',
      on_line: false,
    });
    await sync();
    expect(linkOf(2)).toBe(members.line_rich_menu_id);
    expect(await ok<FriendRichMenu>(await friendMenu(demo, 2))).toMatchObject({
      rule: 'tag',
      on_line: true,
    });

    await ok(await demo.post(`/api/line/tags/${tag}/friends/remove`, { ids: [friends[0]] }));
    await sync();
    expect(linkOf(0)).toBeUndefined();
    expect(line.richMenu.calls.some((c) => c.path === '/v2/bot/richmenu/bulk/unlink')).toBe(true);
    expect(await ok<FriendRichMenu>(await friendMenu(demo, 0))).toMatchObject({
      rich_menu: { id: base.id },
      rule: 'default',
      on_line: true,
    });
  });

  it('a schedule: the tag menu ends at its time (friends fall back), a later default starts at its time', async () => {
    const until = new Date(clock.now + HOUR).toISOString();
    const scheduled = await ok<RichMenu>(
      await demo.put(`/api/line/rich_menus/${members.id}/schedule`, {
        show_from: null,
        show_until: until,
      }),
    );
    expect(scheduled.show_until).toBe(until);
    const winter = await makeMenu('冬のメニュー', '#33c');
    await ok(
      await demo.put(`/api/line/rich_menus/${winter.id}/schedule`, {
        show_from: new Date(clock.now + 2 * HOUR).toISOString(),
        show_until: null,
      }),
    );
    const published = await publish(winter.id, { type: 'default' });
    // Published, but not shown before its time: the default is still the first menu.
    expect(published.state).toBe('published');
    expect(defaultMenu()).toBe(base.line_rich_menu_id);
    await sync();
    expect(defaultMenu()).toBe(base.line_rich_menu_id);
    expect(linkOf(1)).toBe(members.line_rich_menu_id);

    clock.now += HOUR + 60_000;
    await sync();
    expect(linkOf(1)).toBeUndefined();
    expect(linkOf(2)).toBeUndefined();
    expect(defaultMenu()).toBe(base.line_rich_menu_id);

    clock.now += HOUR;
    await sync();
    expect(defaultMenu()).toBe(published.line_rich_menu_id);
  });

  it('a schedule is checked at the edge: until before from is a 422 naming show_until', async () => {
    const refused = await demo.put(`/api/line/rich_menus/${members.id}/schedule`, {
      show_from: '2026-12-02T10:00:00+09:00',
      show_until: '2026-12-01T10:00:00+09:00',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.show_until[0]).toBe('表示終了は表示開始より後にしてください');
    const bad = await demo.put(`/api/line/rich_menus/${members.id}/schedule`, {
      show_from: 'あした',
      show_until: null,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.show_from[0]).toContain('日時の形式');
  });

  it('a republish that LINE refuses leaves the live menu 公開中 with LINE’s reason; friends keep the old one', async () => {
    const before = await read(base.id);
    line.richMenu.setBehaviour('create', () => ({ status: 400, message: 'invalid area' }));
    await ok(
      await t.app.inject({
        method: 'PUT',
        url: `/api/line/rich_menus/${base.id}/image`,
        headers: { cookie: demo.cookie, ...CSRF_HEADERS, 'content-type': 'image/png' },
        payload: await image('#3c3'),
      }),
    );
    const after = await publish(base.id, { type: 'default' });
    line.richMenu.setBehaviour('create', () => null);
    expect(after.state).toBe('published');
    expect(after.line_rich_menu_id).toBe(before.line_rich_menu_id);
    expect(after.publish?.error).toContain('invalid area');
    expect(line.richMenu.menus.has(before.line_rich_menu_id!)).toBe(true);
  });

  it('tenancy: another account’s friend and menu are 404; staff cannot set a schedule (403)', async () => {
    expect((await friendMenu(other, 0)).statusCode).toBe(404);
    const body = { show_from: null, show_until: null };
    expect((await other.put(`/api/line/rich_menus/${base.id}/schedule`, body)).statusCode).toBe(
      404,
    );
    expect((await staff.put(`/api/line/rich_menus/${base.id}/schedule`, body)).statusCode).toBe(
      403,
    );
  });
});
