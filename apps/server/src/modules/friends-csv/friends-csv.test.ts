import type { FriendList, FriendVarValue } from '@tsunagu/contracts';
import { and, asc, eq, notExists } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  CSRF_HEADERS,
  databaseKind,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';
import { members, memberTags, memberVarValues } from '../../db/schema/index.js';

type Client = Awaited<ReturnType<typeof signIn>>;

/** Issue 13: friends as CSV — export for Excel (UTF-8 BOM / CP932), import of friend information. */
describe(`friends CSV (${databaseKind})`, () => {
  let t: TestApp;
  let demo: Client;
  let staff: Client;
  let other: Client;
  let friend: { id: number; lineUserId: string; name: string };
  let second: { id: number; lineUserId: string };
  let theirs: string;
  const ids = { memo: 0, visits: 0, birthday: 0, plan: 0, colors: 0 };
  const choice: Record<string, number> = {};

  async function ok<T>(response: { statusCode: number; body: string; json(): T }, code = 200) {
    expect(response.statusCode, response.body).toBe(code);
    return response.json();
  }
  const upload = (client: Client, bytes: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: '/api/line/friends_csv',
      headers: { cookie: client.cookie, 'content-type': 'text/csv', ...CSRF_HEADERS },
      payload: bytes,
    });
  const valuesOf = async (id: number) =>
    ok<FriendVarValue[]>(await demo.get(`/api/line/friends/${id}/varia`));
  const lineUserIdOf = async (id: number) => {
    const [row] = await t.app.db
      .select({ lineUserId: members.lineUserId, name: members.displayName })
      .from(members)
      .where(eq(members.id, id));
    return row!;
  };

  beforeAll(async () => {
    t = await createTestApp();
    [demo, staff, other] = await Promise.all([
      signIn(t.app, 'demo'),
      signIn(t.app, 'staff'),
      signIn(t.app, 'other'),
    ]);
    const field = async (name: string, type: string) =>
      (
        await ok<{ id: number }>(
          await demo.post('/api/var/items', { name, type, group_id: null }),
          201,
        )
      ).id;
    ids.memo = await field('メモ', 'text');
    ids.visits = await field('来店回数', 'number');
    ids.birthday = await field('誕生日', 'date');
    ids.plan = await field('プラン', 'choice');
    ids.colors = await field('好きな色', 'multi_choice');
    for (const [varId, names] of [
      [ids.plan, ['ゴールド', 'シルバー']],
      [ids.colors, ['赤', '青', '緑']],
    ] as const) {
      const saved = await ok<{ id: number; name: string }[]>(
        await demo.put(`/api/var/choice/${varId}`, { choices: names.map((name) => ({ name })) }),
      );
      for (const each of saved) choice[each.name] = each.id;
    }
    // Two demo friends the seed gave no tag and no friend information, so the file's cells are
    // the ones this test writes.
    const demoAccount = (
      await t.app.db
        .select({ accountId: members.accountId })
        .from(members)
        .where(
          eq(members.id, (await ok<FriendList>(await demo.get('/api/line/friends'))).items[0]!.id),
        )
    )[0]!.accountId;
    const [a, b] = await t.app.db
      .select({ id: members.id })
      .from(members)
      .where(
        and(
          eq(members.accountId, demoAccount),
          notExists(t.app.db.select().from(memberTags).where(eq(memberTags.memberId, members.id))),
          notExists(
            t.app.db.select().from(memberVarValues).where(eq(memberVarValues.memberId, members.id)),
          ),
        ),
      )
      .orderBy(asc(members.id))
      .limit(2);
    friend = { id: a!.id, ...(await lineUserIdOf(a!.id)) };
    second = { id: b!.id, lineUserId: (await lineUserIdOf(b!.id)).lineUserId };
    // A friend of the other account only (the demo seed shares LINE user ids between accounts).
    const [theirFriend] = await t.app.db
      .select({ accountId: members.accountId })
      .from(members)
      .where(
        eq(members.id, (await ok<FriendList>(await other.get('/api/line/friends'))).items[0]!.id),
      );
    theirs = `U${'e'.repeat(32)}`;
    await t.app.db.insert(members).values({
      accountId: theirFriend!.accountId,
      displayName: 'よその友だち',
      lineUserId: theirs,
    });
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  it('imports a CP932 file from Excel: ①, 髙 and ～ kept, dates as Excel writes them, choices by name; empty cells unchanged', async () => {
    await ok(
      await demo.put(`/api/line/friends/${second.id}/varia`, {
        values: [{ var_id: ids.memo, value: '前からのメモ' }],
      }),
    );
    const csv = [
      'LINEユーザーID,名前,メモ,来店回数,誕生日,プラン,好きな色',
      `${friend.lineUserId},無視される列,髙橋様①～②,12,1990/4/5,ゴールド,"赤、緑"`,
      `${second.lineUserId},,,3,,,青`,
    ].join('\r\n');
    const result = await ok<{ friends: number; values: number }>(
      await upload(demo, iconv.encode(csv, 'cp932')),
    );
    expect(result).toEqual({ friends: 2, values: 7 });
    expect(await valuesOf(friend.id)).toEqual([
      { var_id: ids.memo, value: '髙橋様①～②' },
      { var_id: ids.visits, value: 12 },
      { var_id: ids.birthday, value: '1990-04-05' },
      { var_id: ids.plan, value: choice['ゴールド'] },
      { var_id: ids.colors, value: [choice['赤'], choice['緑']] },
    ]);
    expect(await valuesOf(second.id)).toEqual([
      { var_id: ids.memo, value: '前からのメモ' },
      { var_id: ids.visits, value: 3 },
      { var_id: ids.colors, value: [choice['青']] },
    ]);
  });

  it('refuses a file with a bad row, naming every line and field; nothing is written', async () => {
    const before = await valuesOf(friend.id);
    const csv = [
      'LINEユーザーID,来店回数,プラン,誕生日',
      `${friend.lineUserId},99,シルバー,2000-01-01`,
      `${second.lineUserId},十二,ブロンズ,2026-02-30`,
      `${theirs},1,,`,
      `Uunknown,1,,`,
      `,1,,`,
    ].join('\n');
    const response = await upload(demo, Buffer.from(csv, 'utf8'));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file).toEqual([
      '3行目: 「来店回数」には数値を入力してください',
      '3行目: 「プラン」は選択肢の中から選んでください',
      '3行目: 「誕生日」はYYYY-MM-DDの形式で正しい日付を入力してください',
      `4行目: LINEユーザーID「${theirs}」の友だちが見つかりません`,
      '5行目: LINEユーザーID「Uunknown」の友だちが見つかりません',
      '6行目: LINEユーザーIDがありません',
    ]);
    expect(await valuesOf(friend.id)).toEqual(before);

    const noColumn = await upload(demo, Buffer.from('名前,メモ\nx,y\n', 'utf8'));
    expect(noColumn.json().errors.file).toEqual(['見出し行に「LINEユーザーID」の列がありません']);
    const utf16 = await upload(demo, Buffer.from('\ufeffLINEユーザーID,メモ\n', 'utf16le'));
    expect(utf16.json().errors.file).toEqual([
      'ファイルの文字コードを読めません（CP932 または UTF-8 で保存してください）',
    ]);
    expect(
      (await upload(staff, Buffer.from(`LINEユーザーID,メモ\n${friend.lineUserId},x\n`)))
        .statusCode,
    ).toBe(403);
  });

  it('exports the filtered list for Excel: UTF-8 with BOM, or CP932 with what it cannot hold as ?', async () => {
    const tag = (
      await ok<{ id: number }>(
        await demo.post('/api/line/tags', { name: '常連', group_id: null }),
        201,
      )
    ).id;
    await ok(await demo.post(`/api/line/tags/${tag}/friends/add`, { ids: [friend.id] }));
    await t.app.db
      .update(members)
      .set({ displayName: '髙橋 花子🌸' })
      .where(eq(members.id, friend.id));

    const utf8 = await demo.get(`/api/line/friends_csv?tag_id=${tag}`);
    expect(utf8.statusCode).toBe(200);
    expect(utf8.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(utf8.headers['content-disposition']).toMatch(
      /^attachment; filename="friends-\d{8}\.csv"$/,
    );
    const bytes = utf8.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    // A column per friend-information field, in display order: the salon's own, then these.
    const varia = await ok<{ ids: number[]; items: { id: number; name: string }[] }>(
      await demo.get('/api/v_resource/varia'),
    );
    const seeded = varia.ids
      .filter((id) => !Object.values(ids).includes(id))
      .map((id) => varia.items.find((item) => item.id === id)!.name);
    const blanks = ','.repeat(seeded.length);
    expect(lines[0]).toBe(
      [
        '名前,LINEユーザーID,状態,友だち追加日時,最終メッセージ日時,タグ',
        ...seeded,
        'メモ,来店回数,誕生日,プラン,好きな色',
      ].join(','),
    );
    expect(lines).toHaveLength(3); // header, the one tagged friend, the final line end
    expect(lines[1]).toMatch(
      new RegExp(
        `^髙橋 花子🌸,${friend.lineUserId},(友だち|ブロック中),[^,]*,[^,]*,常連,${blanks}髙橋様①～②,12,1990-04-05,ゴールド,赤、緑$`,
      ),
    );

    const cp932 = await demo.get(`/api/line/friends_csv?tag_id=${tag}&encoding=cp932`);
    expect(cp932.headers['content-type']).toBe('text/csv; charset=Shift_JIS');
    const text = iconv.decode(cp932.rawPayload, 'cp932');
    expect(text.split('\r\n')[1]).toMatch(
      /^髙橋 花子\?,.*,髙橋様①～②,12,1990-04-05,ゴールド,赤、緑$/,
    );

    // The export is the account's own: the other account's file has none of demo's friends.
    const theirFile = (await other.get('/api/line/friends_csv')).rawPayload.toString('utf8');
    expect(theirFile).toContain('よその友だち');
    expect(theirFile).not.toContain('髙橋 花子');
    // An exported file imports back unchanged (the fixed columns are ignored).
    expect(await ok(await upload(demo, bytes))).toEqual({ friends: 1, values: 5 });
  });
});
