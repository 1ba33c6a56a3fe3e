import type {
  FriendList,
  FriendReservation,
  FriendVarValue,
  VarChoice,
  Varia,
} from '@tsunagu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKind,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';

type Client = Awaited<ReturnType<typeof signIn>>;
type Reply = { statusCode: number; body: string; json(): unknown };

/** Issue 13: friend information fields — definitions, choices, a friend's values, tenancy. */
describe(`friend information (${databaseKind})`, () => {
  let t: TestApp;
  let demo: Client;
  let staff: Client;
  let other: Client;
  let friend: number;
  let otherFriend: number;

  async function ok<T>(response: Reply, code = 200) {
    expect(response.statusCode, response.body).toBe(code);
    return response.json() as T;
  }
  const varia = async (client = demo) => ok<Varia>(await client.get('/api/v_resource/varia'));
  const createGroup = async (name: string, client = demo) =>
    (await ok<{ id: number }>(await client.post('/api/var/groups', { name }), 201)).id;
  const createItem = async (name: string, type: string, group_id: number | null = null) =>
    (await ok<{ id: number }>(await demo.post('/api/var/items', { name, type, group_id }), 201)).id;
  const setChoices = async (varId: number, names: string[]) =>
    ok<VarChoice[]>(
      await demo.put(`/api/var/choice/${varId}`, { choices: names.map((name) => ({ name })) }),
    );
  const save = (client: Client, id: number, values: { var_id: number; value: unknown }[]) =>
    client.put(`/api/line/friends/${id}/varia`, { values });

  beforeAll(async () => {
    t = await createTestApp();
    [demo, staff, other] = await Promise.all([
      signIn(t.app, 'demo'),
      signIn(t.app, 'staff'),
      signIn(t.app, 'other'),
    ]);
    friend = (await ok<FriendList>(await demo.get('/api/line/friends'))).items[0]!.id;
    otherFriend = (await ok<FriendList>(await other.get('/api/line/friends'))).items[0]!.id;
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  it('REF-06 REF-07 REF-13 varia: groups with fav first, items with their fields, ids in display order', async () => {
    // The demo account starts with the salon's own fields: new folders come after its folders.
    const seeded = await varia();
    const [seededFav, ...seededGroups] = seeded.groups;
    const groupOf = new Map(seeded.items.map((item) => [item.id, item.group_id]));
    const seededGrouped = seeded.ids.filter((id) => groupOf.get(id) !== null);
    const seededLoose = seeded.ids.filter((id) => groupOf.get(id) === null);
    const basic = await createGroup('基本情報');
    const visit = await createGroup('来店');
    const birthday = await createItem('誕生日', 'date', basic);
    const pref = await createItem('都道府県', 'choice', basic);
    const count = await createItem('来店回数', 'number', visit);
    const memo = await createItem('メモ', 'text');
    await ok(await demo.patch(`/api/var/items/${count}/favorite`, { favorite: true }));
    await ok(await demo.patch(`/api/var/items/${birthday}/favorite`, { favorite: true }));

    const data = await varia();
    expect(data.groups.map((group) => [group.id, group.name, group.ids])).toEqual([
      ['fav', 'お気に入り', [...seededFav!.ids, birthday, count]],
      ...seededGroups.map((group) => [group.id, group.name, group.ids]),
      [basic, '基本情報', [birthday, pref]],
      [visit, '来店', [count]],
    ]);
    expect(data.ids).toEqual([...seededGrouped, birthday, pref, count, ...seededLoose, memo]);
    expect(data.items.find((item) => item.id === pref)).toEqual({
      id: pref,
      name: '都道府県',
      type: 'choice',
      group_id: basic,
      favorite: false,
      order: 2,
    });
    // Staff (no tag-write) reads the same definitions.
    expect((await varia(staff)).ids).toEqual(data.ids);
  });

  it('REF-05 a choice field has its own list: edited as a whole, kept ids renamed and reordered', async () => {
    const id = await createItem('好きな色', 'multi_choice');
    expect(await ok<VarChoice[]>(await demo.get(`/api/var/choice/${id}`))).toEqual([]);
    const [red, blue] = await setChoices(id, ['赤', '青']);
    const edited = await ok<VarChoice[]>(
      await demo.put(`/api/var/choice/${id}`, {
        choices: [{ id: blue!.id, name: 'ブルー' }, { name: '緑' }],
      }),
    );
    expect(edited.map((choice) => [choice.name, choice.order])).toEqual([
      ['ブルー', 1],
      ['緑', 2],
    ]);
    expect(edited[0]!.id).toBe(blue!.id);
    expect(edited.some((choice) => choice.id === red!.id)).toBe(false);
    const text = await createItem('自由記入', 'text');
    const refused = await demo.put(`/api/var/choice/${text}`, { choices: [{ name: 'A' }] });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('選択式ではありません');
  });

  it('sorts a folder, renames and moves an item to the end of its new folder, deletes', async () => {
    const group = await createGroup('並び');
    const a = await createItem('並びA', 'text', group);
    const b = await createItem('並びB', 'text', group);
    const c = await createItem('並びC', 'text', group);
    await ok(await demo.post('/api/var/items/sort', { group_id: group, ids: [c, a, b] }));
    const inGroup = (await varia()).groups.find((g) => g.id === group)!;
    expect(inGroup.ids).toEqual([c, a, b]);
    const partial = await demo.post('/api/var/items/sort', { group_id: group, ids: [c, a] });
    expect(partial.statusCode).toBe(422);

    const moved = await ok<{ order: number; group_id: number | null }>(
      await demo.put(`/api/var/items/${c}`, { name: '並びC改', group_id: null }),
    );
    expect(moved.group_id).toBeNull();
    const clash = await demo.put(`/api/var/items/${a}`, { name: '並びB', group_id: group });
    expect(clash.statusCode).toBe(422);
    expect(clash.json()).toMatchObject({ errors: { name: ['同じ名前の友だち情報欄があります'] } });

    const full = await demo.delete(`/api/var/groups/${group}`);
    expect(full.statusCode).toBe(409);
    await ok(await demo.delete(`/api/var/items/${a}`));
    await ok(await demo.delete(`/api/var/items/${b}`));
    await ok(await demo.delete(`/api/var/groups/${group}`));
    expect((await varia()).ids).not.toContain(a);
  });

  it('saves a friend’s values by type, clears with null, and a removed choice leaves the friend', async () => {
    const text = await createItem('ニックネーム', 'text');
    const num = await createItem('身長', 'number');
    const day = await createItem('初来店日', 'date');
    const one = await createItem('会員ランク', 'choice');
    const many = await createItem('興味', 'multi_choice');
    const [gold] = await setChoices(one, ['ゴールド', 'シルバー']);
    const [cut, color, perm] = await setChoices(many, ['カット', 'カラー', 'パーマ']);

    const saved = await ok<FriendVarValue[]>(
      await save(demo, friend, [
        { var_id: text, value: ' はなこ ' },
        { var_id: num, value: '158.5' },
        { var_id: day, value: '2024-02-29' },
        { var_id: one, value: gold!.id },
        { var_id: many, value: [perm!.id, cut!.id] },
      ]),
    );
    const valueOf = (list: FriendVarValue[], id: number) =>
      list.find((entry) => entry.var_id === id)?.value;
    expect(valueOf(saved, text)).toBe('はなこ');
    expect(valueOf(saved, num)).toBe(158.5);
    expect(valueOf(saved, day)).toBe('2024-02-29');
    expect(valueOf(saved, one)).toBe(gold!.id);
    expect(valueOf(saved, many)).toEqual([perm!.id, cut!.id]);

    const read = await ok<FriendVarValue[]>(await demo.get(`/api/line/friends/${friend}/varia`));
    expect(read).toEqual(saved);

    await ok(await save(demo, friend, [{ var_id: text, value: null }]));
    await ok(
      await demo.put(`/api/var/choice/${many}`, {
        choices: [
          { id: color!.id, name: 'カラー' },
          { id: perm!.id, name: 'パーマ' },
        ],
      }),
    );
    const after = await ok<FriendVarValue[]>(await demo.get(`/api/line/friends/${friend}/varia`));
    expect(valueOf(after, text)).toBeUndefined();
    expect(valueOf(after, many)).toEqual([perm!.id]);
    expect(valueOf(after, num)).toBe(158.5);
  });

  it('refuses invalid values with Japanese errors naming the field, and saves nothing of the call', async () => {
    const num = await createItem('年収', 'number');
    const day = await createItem('記念日', 'date');
    const one = await createItem('血液型', 'choice');
    const many = await createItem('来店理由', 'multi_choice');
    const note = await createItem('備考', 'text');
    await setChoices(one, ['A', 'B']);
    const [reason] = await setChoices(many, ['紹介']);
    const otherItem = await createItem('他の欄', 'choice');
    const [foreign] = await setChoices(otherItem, ['外']);

    const response = await save(demo, friend, [
      { var_id: note, value: '保存されないはず' },
      { var_id: num, value: '12万' },
      { var_id: day, value: '2023-02-29' },
      { var_id: one, value: foreign!.id },
      { var_id: many, value: [reason!.id, reason!.id] },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      errors: {
        'values.1.value': ['「年収」には数値を入力してください'],
        'values.2.value': ['「記念日」はYYYY-MM-DDの形式で正しい日付を入力してください'],
        'values.3.value': ['「血液型」は選択肢の中から選んでください'],
        'values.4.value': ['「来店理由」は選択肢の中から選んでください（複数可）'],
      },
    });
    const read = await ok<FriendVarValue[]>(await demo.get(`/api/line/friends/${friend}/varia`));
    expect(read.some((entry) => entry.var_id === note)).toBe(false);
    const textForNumber = await save(demo, friend, [{ var_id: note, value: 12 }]);
    expect(textForNumber.json()).toMatchObject({
      errors: { 'values.0.value': ['「備考」には文字を入力してください'] },
    });
  });

  it('tenancy: another account’s items, choices, folders and friends are 404 everywhere', async () => {
    const group = await createGroup('他社から見えない');
    const item = await createItem('他社から見えない欄', 'choice', group);
    await setChoices(item, ['X']);
    expect((await varia(other)).ids).not.toContain(item);
    const calls: Reply[] = await Promise.all([
      other.get(`/api/var/choice/${item}`),
      other.put(`/api/var/choice/${item}`, { choices: [] }),
      other.put(`/api/var/items/${item}`, { name: '奪う', group_id: null }),
      other.patch(`/api/var/items/${item}/favorite`, { favorite: true }),
      other.delete(`/api/var/items/${item}`),
      other.put(`/api/var/groups/${group}`, { name: '奪う' }),
      other.delete(`/api/var/groups/${group}`),
      other.post('/api/var/items/sort', { group_id: group, ids: [item] }),
      other.get(`/api/line/friends/${friend}/varia`),
      other.put(`/api/line/friends/${friend}/varia`, { values: [] }),
      other.get(`/api/line/friends/${friend}/reservations`),
      // Their own friend, but demo's field.
      other.put(`/api/line/friends/${otherFriend}/varia`, {
        values: [{ var_id: item, value: null }],
      }),
    ]);
    expect(calls.map((call) => call.statusCode)).toEqual(calls.map(() => 404));
    // An item of theirs in demo's folder is refused as a field error.
    const intoDemo = await other.post('/api/var/items', {
      name: '越境',
      type: 'text',
      group_id: group,
    });
    expect(intoDemo.statusCode).toBe(422);
    expect((await varia()).ids).toContain(item);
  });

  it('staff without tag-write reads everything but every write is 403', async () => {
    const item = await createItem('スタッフ確認', 'text');
    await ok(await staff.get(`/api/var/choice/${item}`));
    await ok(await staff.get(`/api/line/friends/${friend}/varia`));
    const writes: Reply[] = await Promise.all([
      staff.post('/api/var/items', { name: 'x', type: 'text', group_id: null }),
      staff.post('/api/var/groups', { name: 'x' }),
      staff.put(`/api/var/items/${item}`, { name: 'x', group_id: null }),
      staff.delete(`/api/var/items/${item}`),
      staff.put(`/api/line/friends/${friend}/varia`, { values: [{ var_id: item, value: 'x' }] }),
    ]);
    expect(writes.map((call) => call.statusCode)).toEqual(writes.map(() => 403));
  });

  it('a friend’s reservations in the account’s salons, newest first', async () => {
    const friends = (await ok<FriendList>(await demo.get('/api/line/friends'))).items;
    let found: FriendReservation[] = [];
    for (const candidate of friends) {
      found = await ok<FriendReservation[]>(
        await demo.get(`/api/line/friends/${candidate.id}/reservations`),
      );
      if (found.length > 1) break;
    }
    expect(found.length).toBeGreaterThan(1);
    const keys = found.map((r) => `${r.date} ${r.from_time}`);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(found[0]!.salon_name).not.toBe('');
  });
});
