import {
  MEMBER_QUERY_TEXT,
  todayInTokyo,
  type FriendList,
  type MemberQuery,
} from '@tsunagu/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKind,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';
import { members, operators, salonReservations, salons } from '../../db/schema/index.js';

type Client = Awaited<ReturnType<typeof signIn>>;

/** Issue 13: segments — saved, evaluated in SQL (JRN-24), account's own, `tag-write` to edit. */
describe(`segments (member queries) (${databaseKind})`, () => {
  let t: TestApp;
  let demo: Client;
  let staff: Client;
  let other: Client;
  let friends: number[];
  let friendsTotal: number;
  let vip: number;
  let demoAccount: number;
  let otherTag: number;

  async function ok<T>(response: { statusCode: number; body: string; json(): T }, code = 200) {
    expect(response.statusCode, response.body).toBe(code);
    return response.json();
  }
  const base = '/api/journey/member_queries';
  const createTag = async (client: Client, name: string) =>
    (await ok<{ id: number }>(await client.post('/api/line/tags', { name, group_id: null }), 201))
      .id;
  const membersOf = async (id: number, client = demo) =>
    ok<FriendList>(await client.get(`${base}/${id}/members`));

  beforeAll(async () => {
    t = await createTestApp();
    [demo, staff, other] = await Promise.all([
      signIn(t.app, 'demo'),
      signIn(t.app, 'staff'),
      signIn(t.app, 'other'),
    ]);
    const all = await ok<FriendList>(await demo.get('/api/line/friends'));
    friends = all.items.map((f) => f.id);
    friendsTotal = all.total;
    expect(friends.length).toBeGreaterThan(3);
    const [operator] = await t.app.db
      .select({ accountId: operators.accountId })
      .from(operators)
      .where(eq(operators.loginId, 'demo'));
    demoAccount = operator!.accountId;
    vip = await createTag(demo, 'VIP');
    otherTag = await createTag(other, '別アカウントのタグ');
    await ok(await demo.post(`/api/line/tags/${vip}/friends/add`, { ids: friends.slice(0, 2) }));
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  it('JRN-24 saves a segment and pages the friends it finds, as the friends list shows them', async () => {
    const { id } = await ok<{ id: number }>(
      await demo.post(base, {
        name: 'VIPの友だち',
        match: 'all',
        conditions: [{ kind: 'tags', match: 'any', tag_ids: [vip] }],
      }),
      201,
    );
    const found = await membersOf(id);
    expect(found.total).toBe(2);
    expect(found.items.map((f) => f.id).sort()).toEqual(friends.slice(0, 2).sort());
    expect(found.items[0]!.tags.map((tag) => tag.name)).toContain('VIP');

    const none = await ok<MemberQuery>(
      await demo.put(`${base}/${id}`, {
        name: 'VIP以外',
        match: 'all',
        conditions: [{ kind: 'tags', match: 'none', tag_ids: [vip] }],
      }),
    );
    expect(none).toMatchObject({ name: 'VIP以外', conditions: [{ match: 'none' }] });
    const rest = await membersOf(id);
    expect(rest.items.map((f) => f.id)).not.toContain(friends[0]);
    expect(rest.total).toBe(friendsTotal - 2);
    const list = await ok<MemberQuery[]>(await demo.get(base));
    expect(list.map((query) => query.name)).toContain('VIP以外');
  });

  it('counts an unsaved condition, and reads reservations in the account salons from the Tokyo today', async () => {
    const [salon] = await t.app.db
      .select({ id: salons.id })
      .from(salons)
      .where(eq(salons.accountId, demoAccount))
      .limit(1);
    // A friend of its own, so no seeded reservation of the demo's friends can blur the count.
    const [friend] = await t.app.db
      .insert(members)
      .values({ accountId: demoAccount, displayName: '予約テスト', lineUserId: 'Usegmenttest' })
      .returning({ id: members.id });
    await t.app.db.insert(salonReservations).values({
      salonId: salon!.id,
      memberId: friend!.id,
      name: 'テスト予約',
      date: todayInTokyo(),
      fromTime: '23:00',
      toTime: '23:30',
      status: 2,
      source: 'manager',
    });
    const count = async (match: 'all' | 'any', conditions: unknown[]) =>
      (await ok<{ total: number }>(await demo.post(`${base}/count`, { match, conditions }))).total;
    const reserved = { kind: 'reservation', when: 'upcoming', days: 1 };
    const tagged = { kind: 'tags', match: 'all', tag_ids: [vip] };
    const withReservation = await count('all', [reserved]);
    const both = await count('all', [reserved, tagged]);
    expect(withReservation).toBeGreaterThanOrEqual(1);
    expect(await count('any', [reserved, tagged])).toBe(withReservation + 2 - both);

    const { id } = await ok<{ id: number }>(
      await demo.post(base, { name: '今日明日の予約', match: 'all', conditions: [reserved] }),
      201,
    );
    expect((await membersOf(id)).items.map((f) => f.id)).toContain(friend!.id);
    // The same reservation seen as a past visit: today's counts only once marked 来店済み.
    const visited = {
      match: 'all',
      conditions: [
        { kind: 'reservation', when: 'visited', days: 30 },
        { kind: 'tags', match: 'none', tag_ids: [vip] },
      ],
    };
    const { id: visitedId } = await ok<{ id: number }>(
      await demo.post(base, { name: '来店', ...visited }),
      201,
    );
    const visitors = async () => (await membersOf(visitedId)).items.map((f) => f.id);
    expect(await visitors()).not.toContain(friend!.id);
    await t.app.db
      .update(salonReservations)
      .set({ visitStatus: 1 })
      .where(eq(salonReservations.name, 'テスト予約'));
    expect(await visitors()).toContain(friend!.id);
  });

  it('refuses bad input with the field named, and another account’s tag as not found', async () => {
    const empty = await demo.post(base, { name: '', match: 'all', conditions: [] });
    expect(empty.statusCode).toBe(422);
    expect(JSON.stringify(empty.json())).toContain(MEMBER_QUERY_TEXT.nameRequired);
    expect(JSON.stringify(empty.json())).toContain(MEMBER_QUERY_TEXT.conditionsRequired);

    const days = await demo.post(base, {
      name: '日数',
      match: 'all',
      conditions: [{ kind: 'reservation', when: 'visited', days: 0 }],
    });
    expect(days.statusCode).toBe(422);
    expect(JSON.stringify(days.json())).toContain(MEMBER_QUERY_TEXT.daysInvalid);

    const foreign = await demo.post(base, {
      name: '他人のタグ',
      match: 'all',
      conditions: [
        { kind: 'follow', state: 'following' },
        { kind: 'tags', match: 'any', tag_ids: [otherTag] },
      ],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toMatchObject({
      errors: { 'conditions.1.tag_ids': [MEMBER_QUERY_TEXT.tagNotFound] },
    });
    const count = await demo.post(`${base}/count`, {
      match: 'all',
      conditions: [{ kind: 'tags', match: 'any', tag_ids: [otherTag] }],
    });
    expect(count.statusCode).toBe(422);
  });

  it('a friend-information condition finds friends by their value, as the friends list filter does; its op, value and choices must suit the field', async () => {
    const field = async (client: Client, name: string, type: string) =>
      (
        await ok<{ id: number }>(
          await client.post('/api/var/items', { name, type, group_id: null }),
          201,
        )
      ).id;
    const visits = await field(demo, '来店回数', 'number');
    const plan = await field(demo, 'プラン', 'choice');
    const [gold, silver] = (
      await ok<{ id: number }[]>(
        await demo.put(`/api/var/choice/${plan}`, {
          choices: [{ name: 'ゴールド' }, { name: 'シルバー' }],
        }),
      )
    ).map((choice) => choice.id);
    await ok(
      await demo.put(`/api/line/friends/${friends[0]}/varia`, {
        values: [
          { var_id: visits, value: 12 },
          { var_id: plan, value: gold },
        ],
      }),
    );
    await ok(
      await demo.put(`/api/line/friends/${friends[1]}/varia`, {
        values: [{ var_id: visits, value: 3 }],
      }),
    );
    const count = async (conditions: unknown[]) =>
      demo.post(`${base}/count`, { match: 'all', conditions });
    const total = async (conditions: unknown[]) =>
      (await ok<{ total: number }>(await count(conditions))).total;
    expect(await total([{ kind: 'var', var_id: visits, op: 'gt', value: '10' }])).toBe(1);
    // The friends list filters by the same condition (decision 0159): the same friends.
    const listed = await ok<FriendList>(
      await demo.get(`/api/line/friends?var_id=${visits}&var_op=gt&var_value=10`),
    );
    expect(listed.items.map((friend) => friend.id)).toEqual([friends[0]]);
    const byChoice = await ok<FriendList>(
      await demo.get(`/api/line/friends?var_id=${plan}&var_op=in&var_choice=${gold}`),
    );
    expect(byChoice.total).toBe(1);
    expect(
      (await ok<FriendList>(await other.get(`/api/line/friends?var_id=${visits}`))).total,
    ).toBe(0);
    expect(await total([{ kind: 'var', var_id: visits, op: 'is_set' }])).toBe(2);
    expect(await total([{ kind: 'var', var_id: plan, op: 'in', choice_ids: [gold, silver] }])).toBe(
      1,
    );
    const everyone = (
      await ok<{ total: number }>(
        await demo.post(`${base}/count`, {
          match: 'any',
          conditions: [
            { kind: 'follow', state: 'following' },
            { kind: 'follow', state: 'blocked' },
          ],
        }),
      )
    ).total;
    expect(await total([{ kind: 'var', var_id: plan, op: 'not_set' }])).toBe(everyone - 1);

    const refused = await count([
      { kind: 'var', var_id: visits, op: 'contains', value: '1' },
      { kind: 'var', var_id: visits, op: 'lt', value: '十' },
      { kind: 'var', var_id: plan, op: 'in', choice_ids: [] },
      { kind: 'var', var_id: await field(other, '別の欄', 'text'), op: 'is_set' },
    ]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      'conditions.0.op': ['この友だち情報欄の種類では使えない条件です'],
      'conditions.1.value': ['数値を入力してください'],
      'conditions.2.choice_ids': ['選択肢を1つ以上選んでください'],
      'conditions.3.var_id': ['選んだ友だち情報欄が見つかりません（削除された可能性があります）'],
    });
  });

  it('keeps each account to its own segments (404), and staff without tag-write read only (403)', async () => {
    const { id } = await ok<{ id: number }>(
      await demo.post(base, {
        name: '友だち全員',
        match: 'all',
        conditions: [{ kind: 'follow', state: 'following' }],
      }),
      201,
    );
    expect((await other.get(`${base}/${id}`)).statusCode).toBe(404);
    expect((await other.get(`${base}/${id}/members`)).statusCode).toBe(404);
    expect(
      (
        await other.put(`${base}/${id}`, {
          name: '乗っ取り',
          match: 'all',
          conditions: [{ kind: 'follow', state: 'blocked' }],
        })
      ).statusCode,
    ).toBe(404);
    expect((await other.delete(`${base}/${id}`)).statusCode).toBe(404);
    expect((await ok<MemberQuery[]>(await other.get(base))).map((q) => q.id)).not.toContain(id);

    expect((await staff.get(`${base}/${id}/members`)).statusCode).toBe(200);
    expect((await staff.delete(`${base}/${id}`)).statusCode).toBe(403);
    expect(
      (
        await staff.post(base, {
          name: 'x',
          match: 'all',
          conditions: [{ kind: 'follow', state: 'following' }],
        })
      ).statusCode,
    ).toBe(403);

    await ok(await demo.delete(`${base}/${id}`));
    expect((await demo.get(`${base}/${id}`)).statusCode).toBe(404);
  });
});
