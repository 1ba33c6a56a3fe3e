import type { CommonVarItem, CommonVars, FriendList } from '@tsunagu/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKind,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';
import { members } from '../../db/schema/index.js';
import { createFriendMessageRenderer } from '../message-rendering/index.js';

type Client = Awaited<ReturnType<typeof signIn>>;

/** Issue 13: common information — REF-09/10/13 shapes, values by type, codes, tenancy, REF-30. */
describe(`common information (${databaseKind})`, () => {
  let t: TestApp;
  let demo: Client;
  let staff: Client;
  let other: Client;

  async function ok<T>(response: { statusCode: number; body: string; json(): T }, code = 200) {
    expect(response.statusCode, response.body).toBe(code);
    return response.json();
  }
  const errorsOf = (response: { json(): unknown }) =>
    (response.json() as { errors: Record<string, string[]> }).errors;
  const create = async (body: Record<string, unknown>, client = demo) =>
    (await ok<{ id: number }>(await client.post('/api/common_vars', body), 201)).id;
  const read = async (client = demo) =>
    ok<CommonVars>(await client.get('/api/v_resource/common_vars'));

  beforeAll(async () => {
    t = await createTestApp();
    [demo, staff, other] = await Promise.all([
      signIn(t.app, 'demo'),
      signIn(t.app, 'staff'),
      signIn(t.app, 'other'),
    ]);
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  it('REF-09 REF-10 REF-13 answers groups (fav first), items with id, name, type, group_id, favorite, code, and ids in order', async () => {
    const shop = (
      await ok<{ id: number }>(await demo.post('/api/common_var_groups', { name: '店舗' }), 201)
    ).id;
    const phone = await create({
      name: '店舗電話番号',
      type: 'text',
      code: 'shop_phone',
      value: '03-1234-5678',
      group_id: shop,
    });
    const end = await create({
      name: 'キャンペーン終了日',
      type: 'date',
      code: 'campaign_end',
      value: '2026-12-31',
      group_id: null,
    });
    const site = await create({
      name: '予約ページ',
      type: 'url',
      code: 'booking_url',
      value: 'https://example.com/r/abc',
      group_id: shop,
    });
    await ok(await demo.patch(`/api/common_vars/${end}/favorite`, { favorite: true }));

    const all = await read();
    // After the demo seed's folder 店舗情報 (its 4 items: 3 in the folder, 1 未分類).
    expect(all.groups.map((group) => [group.id, group.name, group.order])).toEqual([
      ['fav', 'お気に入り', 0],
      [expect.any(Number), '店舗情報', 1],
      [shop, '店舗', 2],
    ]);
    expect(all.groups[0]!.ids).toEqual([end]);
    expect(all.groups[2]!.ids).toEqual([phone, site]);
    expect(all.ids).toHaveLength(7);
    expect(all.ids.slice(3, 5)).toEqual([phone, site]);
    expect(all.ids.at(-1)).toBe(end);
    expect(all.items.find((item) => item.id === phone)).toEqual({
      id: phone,
      name: '店舗電話番号',
      type: 'text',
      group_id: shop,
      favorite: false,
      code: 'shop_phone',
      value: '03-1234-5678',
      order: 1,
    });
  });

  it('checks each value by its type and the code, naming the field in Japanese; nothing is saved', async () => {
    const before = (await read()).items.length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ type: 'number', value: '12円' }, 'value', '値には数値を入力してください'],
      [
        { type: 'date', value: '2026-02-30' },
        'value',
        '値はYYYY-MM-DDの形式で正しい日付を入力してください',
      ],
      [
        { type: 'url', value: 'javascript:alert(1)' },
        'value',
        '値は https:// または http:// で始まるURLを入力してください',
      ],
      [
        { code: 'Shop-Phone' },
        'code',
        'コードは英小文字で始め、英小文字・数字・_ の50文字以内で入力してください',
      ],
      [{ code: 'shop_phone' }, 'code', '同じコードの共通情報があります'],
      [{ type: 'color' }, 'type', '種類は テキスト・数値・日付・URL のいずれかです'],
    ];
    for (const [change, field, message] of cases) {
      const refused = await demo.post('/api/common_vars', {
        name: '検査',
        type: 'text',
        code: 'check_value',
        value: '',
        group_id: null,
        ...change,
      });
      expect(refused.statusCode, JSON.stringify(change)).toBe(422);
      expect(errorsOf(refused)[field]).toEqual([message]);
    }
    expect((await read()).items).toHaveLength(before);
    // Every type may be left empty.
    const empty = await create({
      name: '空の数値',
      type: 'number',
      code: 'empty_n',
      value: '',
      group_id: null,
    });
    await ok(await demo.delete(`/api/common_vars/${empty}`));
  });

  it('edits, moves to the end of another folder, reorders, and keeps a folder that holds items', async () => {
    const folder = (
      await ok<{ id: number }>(
        await demo.post('/api/common_var_groups', { name: 'キャンペーン' }),
        201,
      )
    ).id;
    const a = await create({
      name: 'A',
      type: 'text',
      code: 'a_code',
      value: 'a',
      group_id: folder,
    });
    const b = await create({
      name: 'B',
      type: 'text',
      code: 'b_code',
      value: 'b',
      group_id: folder,
    });
    await ok(await demo.post('/api/common_vars/sort', { group_id: folder, ids: [b, a] }));
    expect((await read()).groups.find((group) => group.id === folder)?.ids).toEqual([b, a]);
    const wrongSort = await demo.post('/api/common_vars/sort', { group_id: folder, ids: [a] });
    expect(errorsOf(wrongSort).ids).toEqual([
      '並び順には同じフォルダの共通情報をすべて指定してください',
    ]);

    const moved = await ok<CommonVarItem>(
      await demo.put(`/api/common_vars/${a}`, {
        name: 'A2',
        type: 'number',
        code: 'a_code',
        value: '100',
        group_id: null,
      }),
    );
    expect(moved).toMatchObject({ name: 'A2', type: 'number', value: '100', group_id: null });
    const kept = await demo.delete(`/api/common_var_groups/${folder}`);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().message).toContain('共通情報が1件あります');
    await ok(await demo.delete(`/api/common_vars/${b}`));
    await ok(await demo.delete(`/api/common_var_groups/${folder}`));
  });

  it("REF-30 an operator without common-var-write gets 403 for the read and every write; another account's ids do not exist", async () => {
    const mine = (await read()).items[0]!;
    const denied = await staff.get('/api/v_resource/common_vars');
    expect(denied.statusCode).toBe(403);
    expect(
      (
        await staff.post('/api/common_vars', {
          name: 'x',
          type: 'text',
          code: 'x',
          value: '',
          group_id: null,
        })
      ).statusCode,
    ).toBe(403);
    expect((await staff.get(`/api/common_vars/${mine.id}`)).statusCode).toBe(403);

    expect((await other.get(`/api/common_vars/${mine.id}`)).statusCode).toBe(404);
    expect(
      (
        await other.put(`/api/common_vars/${mine.id}`, {
          name: 'x',
          type: 'text',
          code: 'x',
          value: '',
          group_id: null,
        })
      ).statusCode,
    ).toBe(404);
    expect((await other.delete(`/api/common_vars/${mine.id}`)).statusCode).toBe(404);
    expect((await read(other)).items).toEqual([]);
    // Codes are per account: the other account may use the same one.
    await create(
      { name: '電話', type: 'text', code: 'shop_phone', value: '06-0000-0000', group_id: null },
      other,
    );
  });

  it('REF-14 a message renders {{commonVar:code}} with the account’s value, dates in Japanese, unknown codes empty', async () => {
    const friend = (await ok<FriendList>(await demo.get('/api/line/friends'))).items[0]!;
    const [row] = await t.app.db
      .select({ accountId: members.accountId })
      .from(members)
      .where(eq(members.id, friend.id));
    const render = createFriendMessageRenderer(t.app.db);
    expect(
      await render(
        row!.accountId,
        friend.id,
        'お問い合わせは{{commonVar:shop_phone}}へ。{{commonVar:campaign_end}}まで。{{commonVar:nothing}}',
      ),
    ).toBe('お問い合わせは03-1234-5678へ。2026年12月31日まで。');
    // The demo seed's own: the shop's phone and address.
    expect(
      await render(row!.accountId, friend.id, '{{commonVar:tel}} {{commonVar:winter_end}}'),
    ).toBe('03-6555-0123 2027年2月28日');
  });
});
