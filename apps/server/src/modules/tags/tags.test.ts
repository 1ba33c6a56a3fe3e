import type { Friend, FriendList, Tag, TagList } from '@tsunagu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKind,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';

type Client = Awaited<ReturnType<typeof signIn>>;

/** Issue 13: friend tags — groups, tags, counts, bulk add/remove, tenancy, `tag-write`. */
describe(`friend tags (${databaseKind})`, () => {
  let t: TestApp;
  let demo: Client;
  let staff: Client;
  let other: Client;
  let demoFriends: number[];
  let otherFriends: number[];

  async function ok<T>(response: { statusCode: number; body: string; json(): T }, code = 200) {
    expect(response.statusCode, response.body).toBe(code);
    return response.json();
  }
  const friendsOf = async (client: Client, query = '') =>
    (await ok<FriendList>(await client.get(`/api/line/friends${query}`))).items;
  const list = async (client: Client) => ok<TagList>(await client.get('/api/line/tags'));
  const create = async (name: string, group_id: number | null = null, client = demo) =>
    (await ok<{ id: number }>(await client.post('/api/line/tags', { name, group_id }), 201)).id;
  const createGroup = async (name: string) =>
    (await ok<{ id: number }>(await demo.post('/api/line/tag_groups', { name }), 201)).id;

  beforeAll(async () => {
    t = await createTestApp();
    [demo, staff, other] = await Promise.all([
      signIn(t.app, 'demo'),
      signIn(t.app, 'staff'),
      signIn(t.app, 'other'),
    ]);
    demoFriends = (await friendsOf(demo)).map((friend) => friend.id);
    otherFriends = (await friendsOf(other)).map((friend) => friend.id);
    expect(demoFriends.length).toBeGreaterThan(3);
    expect(otherFriends.length).toBeGreaterThan(1);
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  it('creates groups and tags in order, renames and moves a tag to the end of its new group', async () => {
    // The demo account starts with the salon's own tags: new ones come after them.
    const seeded = await list(demo);
    const seededIds = new Set(seeded.tags.map((tag) => tag.id));
    const ungrouped = seeded.tags.filter((tag) => tag.group_id === null).length;
    const vip = await createGroup('顧客ランク');
    const interest = await createGroup('興味');
    const gold = await create('ゴールド', vip);
    const silver = await create('シルバー', vip);
    const color = await create('カラー', interest);
    const loose = await create('未分類のタグ');

    const before = await list(demo);
    expect(before.groups.map((group) => [group.name, group.order])).toEqual([
      ...seeded.groups.map((group) => [group.name, group.order]),
      ['顧客ランク', seeded.groups.length + 1],
      ['興味', seeded.groups.length + 2],
    ]);
    const added = before.tags.filter((tag) => !seededIds.has(tag.id));
    expect(added.map((tag) => tag.id)).toEqual([gold, silver, color, loose]);
    expect(added.map((tag) => tag.order)).toEqual([1, 2, 1, ungrouped + 1]);

    const moved = await ok<Tag>(
      await demo.put(`/api/line/tags/${gold}`, { name: 'プラチナ', group_id: interest }),
    );
    expect(moved).toMatchObject({ name: 'プラチナ', group_id: interest, order: 2 });
    const renamedOnly = await ok<Tag>(
      await demo.put(`/api/line/tags/${silver}`, { name: 'シルバー会員', group_id: vip }),
    );
    expect(renamedOnly.order).toBe(2);
    await ok(await demo.put(`/api/line/tag_groups/${vip}`, { name: 'ランク' }));
    expect((await list(demo)).groups.find((group) => group.id === vip)?.name).toBe('ランク');
  });

  it('refuses a name already used in the same group with a Japanese 422 on name, allows it in another', async () => {
    const group = await createGroup('来店経路');
    await create('Instagram', group);
    const clash = await demo.post('/api/line/tags', { name: ' Instagram ', group_id: group });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.name).toEqual(['このグループには同じ名前のタグがあります']);
    await create('Instagram', null);
    const renamed = await create('紹介', group);
    const renameClash = await demo.put(`/api/line/tags/${renamed}`, {
      name: 'Instagram',
      group_id: group,
    });
    expect(renameClash.statusCode).toBe(422);
    expect(renameClash.json().errors.name).toEqual(['このグループには同じ名前のタグがあります']);
    const groupClash = await demo.post('/api/line/tag_groups', { name: '来店経路' });
    expect(groupClash.statusCode).toBe(422);
    expect(groupClash.json().errors.name).toEqual(['同じ名前のグループがあります']);
    const empty = await demo.post('/api/line/tags', { name: '  ', group_id: null });
    expect(empty.json().errors.name).toEqual(['タグ名を入力してください']);
  });

  it('adds a tag to many friends idempotently, counts them, filters the list and shows the chips', async () => {
    const tag = await create('一括テスト');
    const [a, b, c] = demoFriends as [number, number, number];
    const first = await demo.post(`/api/line/tags/${tag}/friends/add`, { ids: [a, b] });
    expect(first.json()).toEqual({ changed: 2, unchanged: 0, not_found: [] });
    const again = await demo.post(`/api/line/tags/${tag}/friends/add`, { ids: [a, b, c] });
    expect(again.json()).toEqual({ changed: 1, unchanged: 2, not_found: [] });
    expect((await list(demo)).tags.find((x) => x.id === tag)?.friend_count).toBe(3);

    const filtered = await ok<FriendList>(await demo.get(`/api/line/friends?tag_id=${tag}`));
    expect(filtered.total).toBe(3);
    expect(filtered.items.map((f: Friend) => f.id).sort()).toEqual([a, b, c].sort());
    expect(filtered.items[0]?.tags).toContainEqual({ id: tag, name: '一括テスト' });
    expect(await ok(await demo.get(`/api/line/friends/${a}/tags`))).toContainEqual({
      id: tag,
      name: '一括テスト',
    });

    const removed = await demo.post(`/api/line/tags/${tag}/friends/remove`, { ids: [a, c] });
    expect(removed.json()).toEqual({ changed: 2, unchanged: 0, not_found: [] });
    const removedAgain = await demo.post(`/api/line/tags/${tag}/friends/remove`, { ids: [a] });
    expect(removedAgain.json()).toEqual({ changed: 0, unchanged: 1, not_found: [] });
    expect((await list(demo)).tags.find((x) => x.id === tag)?.friend_count).toBe(1);
  });

  it('deletes a tag with its friend links; a group with tags is kept (409) until empty', async () => {
    const group = await createGroup('削除テスト');
    const tag = await create('消えるタグ', group);
    const [a] = demoFriends as [number];
    await ok(await demo.post(`/api/line/tags/${tag}/friends/add`, { ids: [a] }));
    const refused = await demo.delete(`/api/line/tag_groups/${group}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('タグが1件あります');
    await ok(await demo.delete(`/api/line/tags/${tag}`));
    expect((await demo.get(`/api/line/tags/${tag}`)).statusCode).toBe(404);
    expect(await ok(await demo.get(`/api/line/friends/${a}/tags`))).not.toContainEqual(
      expect.objectContaining({ id: tag }),
    );
    expect((await ok<FriendList>(await demo.get(`/api/line/friends?tag_id=${tag}`))).total).toBe(0);
    await ok(await demo.delete(`/api/line/tag_groups/${group}`));
    expect((await list(demo)).groups.map((g) => g.id)).not.toContain(group);
  });

  it('keeps accounts apart: another account’s tag is 404, its friends are reported and unchanged', async () => {
    const mine = await create('自分のタグ');
    const theirs = await create('他社のタグ', null, other);
    const theirGroup = (
      await ok<{ id: number }>(await other.post('/api/line/tag_groups', { name: '他社' }), 201)
    ).id;
    for (const response of [
      await demo.get(`/api/line/tags/${theirs}`),
      await demo.put(`/api/line/tags/${theirs}`, { name: '奪う', group_id: null }),
      await demo.delete(`/api/line/tags/${theirs}`),
      await demo.post(`/api/line/tags/${theirs}/friends/add`, { ids: [demoFriends[0]] }),
      await demo.put(`/api/line/tag_groups/${theirGroup}`, { name: '奪う' }),
      await demo.delete(`/api/line/tag_groups/${theirGroup}`),
      await demo.get(`/api/line/friends/${otherFriends[0]}/tags`),
    ])
      expect(response.statusCode, response.body).toBe(404);
    const intoTheirGroup = await demo.post('/api/line/tags', { name: 'x', group_id: theirGroup });
    expect(intoTheirGroup.statusCode).toBe(422);
    expect(intoTheirGroup.json().errors.group_id).toEqual(['タググループが見つかりません']);

    const [a] = demoFriends as [number];
    const [stranger] = otherFriends as [number];
    const mixed = await demo.post(`/api/line/tags/${mine}/friends/add`, {
      ids: [a, stranger, 2_000_000_000],
    });
    expect(mixed.json()).toEqual({
      changed: 1,
      unchanged: 0,
      not_found: [stranger, 2_000_000_000],
    });
    expect(await ok(await other.get(`/api/line/friends/${stranger}/tags`))).toEqual([]);
    expect((await ok<FriendList>(await other.get(`/api/line/friends?tag_id=${mine}`))).total).toBe(
      0,
    );
    expect((await list(other)).tags.map((tag) => tag.name)).toEqual(['他社のタグ']);
  });

  it('checks the ids of a bulk call: 1 to 1,000 distinct ids', async () => {
    const tag = await create('上限テスト');
    const url = `/api/line/tags/${tag}/friends/add`;
    const tooMany = await demo.post(url, { ids: Array.from({ length: 1001 }, (_, i) => i + 1) });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.ids).toEqual(['IDは1000件までです']);
    expect((await demo.post(url, { ids: [] })).json().errors.ids).toEqual([
      '友だちを1人以上選んでください',
    ]);
    expect((await demo.post(url, { ids: [1, 1] })).json().errors.ids).toEqual([
      '同じ友だちが重複しています',
    ]);
    const full = await demo.post(url, { ids: Array.from({ length: 1000 }, (_, i) => i + 1) });
    expect(full.statusCode, full.body).toBe(200);
  });

  it('lets staff without tag-write read tags but refuses every write with 403', async () => {
    const tag = await create('閲覧のみ');
    const group = await createGroup('閲覧グループ');
    expect((await list(staff)).tags.map((x) => x.id)).toContain(tag);
    expect((await staff.get(`/api/line/tags/${tag}`)).statusCode).toBe(200);
    for (const response of [
      await staff.post('/api/line/tags', { name: '作る', group_id: null }),
      await staff.put(`/api/line/tags/${tag}`, { name: '変える', group_id: null }),
      await staff.delete(`/api/line/tags/${tag}`),
      await staff.post(`/api/line/tags/${tag}/friends/add`, { ids: [demoFriends[0]] }),
      await staff.post(`/api/line/tags/${tag}/friends/remove`, { ids: [demoFriends[0]] }),
      await staff.post('/api/line/tag_groups', { name: '作る' }),
      await staff.put(`/api/line/tag_groups/${group}`, { name: '変える' }),
      await staff.delete(`/api/line/tag_groups/${group}`),
    ])
      expect(response.statusCode, response.body).toBe(403);
    expect((await demo.get(`/api/line/tags/${tag}`)).json().name).toBe('閲覧のみ');
  });
});
