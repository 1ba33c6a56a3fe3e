import { JOURNEY_TEXT, type FriendList, type Journey, type JourneyTag } from '@tsunagu/contracts';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKind,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';
import { journeyRuns, journeys, linePushes, members, memberTags } from '../../db/schema/index.js';
import { createFriendMessageRenderer } from '../message-rendering/index.js';
import { createPushQueue } from '../line-push/index.js';
import { createJourneyScheduler } from './index.js';

type Client = Awaited<ReturnType<typeof signIn>>;
const silent = { error() {} };

/**
 * Journeys (issue 14, JRN-01..28, decision 0169): every call of spec §7 Journeys with tenancy,
 * permissions and the shared 422 shape, and the scheduler on a fake clock — friends enter,
 * wait, get their message once, are tagged and branch, across restarts.
 */
describe(`journeys (${databaseKind})`, () => {
  let t: TestApp;
  let demo: Client;
  let staff: Client;
  let other: Client;
  let friends: number[];
  let template: number;
  let tag: number;
  let now: Date;

  async function ok<T>(response: { statusCode: number; body: string; json(): T }, code = 200) {
    expect(response.statusCode, response.body).toBe(code);
    return response.json();
  }
  const errorsOf = (response: { json(): unknown }) =>
    (response.json() as { errors: Record<string, string[]> }).errors;
  const list = async (client = demo) => ok<Journey[]>(await client.get('/api/journeys'));
  const journey = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    group_id: null,
    is_active: false,
    entry: { kind: 'trigger' },
    steps: [{ kind: 'send', template_id: template }],
    ...extra,
  });
  const create = async (name: string, extra: Record<string, unknown> = {}, client = demo) =>
    ok<Journey>(await client.post('/api/journeys', journey(name, extra)), 201);
  const scheduler = () =>
    createJourneyScheduler({
      db: t.app.db,
      pushes: createPushQueue({ clock: () => now }),
      rendererFor: (executor) => createFriendMessageRenderer(executor),
      log: silent,
      clock: () => now,
    });

  beforeAll(async () => {
    t = await createTestApp();
    [demo, staff, other] = await Promise.all([
      signIn(t.app, 'demo'),
      signIn(t.app, 'staff'),
      signIn(t.app, 'other'),
    ]);
    const all = await ok<FriendList>(await demo.get('/api/line/friends?state=following'));
    friends = all.items.map((friend) => friend.id);
    expect(friends.length).toBeGreaterThan(3);
    template = (
      await ok<{ id: number }>(
        await demo.post('/api/templates', {
          name: 'ジャーニーのお知らせ',
          group_id: null,
          messages: [{ type: 'text', text: '{{var:名前}}さん、ご来店ありがとうございました' }],
        }),
        201,
      )
    ).id;
    tag = (
      await ok<{ id: number }>(
        await demo.post('/api/line/tags', { name: 'ジャーニー済み', group_id: null }),
        201,
      )
    ).id;
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  it('JRN-01 JRN-04 JRN-05 JRN-06 creates journeys at the end of their folder, orders from 1', async () => {
    const first = await create('はじめてのジャーニー');
    const second = await create('二つ目');
    expect(first).toMatchObject({ group_id: null, favorite: false, favorite_order: null });
    expect(second.order).toBe(first.order + 1);
    const loaded = await list();
    const mine = loaded.filter((item) => item.group_id === null);
    expect(mine.map((item) => item.order)).toEqual(mine.map((_, index) => index + 1));
    expect(loaded.map((item) => item.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    for (const item of loaded)
      expect(Object.keys(item)).toEqual(
        expect.arrayContaining(['id', 'group_id', 'order', 'favorite']),
      );
  });

  it('JRN-07 JRN-26 updates a journey; another account or a deleted one is 404', async () => {
    const made = await create('更新前');
    const updated = await ok<Journey>(
      await demo.put(`/api/journeys/${made.id}`, journey('更新後', { is_active: true })),
    );
    expect(updated).toMatchObject({ name: '更新後', is_active: true });
    expect((await other.put(`/api/journeys/${made.id}`, journey('乗っ取り'))).statusCode).toBe(404);
    expect((await other.get(`/api/journeys/${made.id}`)).statusCode).toBe(404);
    await ok(await demo.delete(`/api/journeys/${made.id}`));
    const gone = await demo.put(`/api/journeys/${made.id}`, journey('消えた'));
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ message: JOURNEY_TEXT.notFound });
  });

  it('JRN-06 refuses what cannot run with the field named: another account’s template, a backward branch, an empty wait', async () => {
    const foreign = (
      await ok<{ id: number }>(
        await other.post('/api/templates', {
          name: '別アカウント',
          group_id: null,
          messages: [{ type: 'text', text: 'x' }],
        }),
        201,
      )
    ).id;
    const response = await demo.post(
      '/api/journeys',
      journey('だめ', {
        steps: [
          { kind: 'send', template_id: foreign },
          { kind: 'wait', days: 0, hours: 0, minutes: 0, at_time: null },
          { kind: 'branch', member_query_id: 1, otherwise: 1 },
        ],
      }),
    );
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)).toMatchObject({
      'steps.1.days': [JOURNEY_TEXT.waitEmpty],
      'steps.2.otherwise': [JOURNEY_TEXT.branchForward],
    });
    const references = await demo.post(
      '/api/journeys',
      journey('だめ', { steps: [{ kind: 'send', template_id: foreign }] }),
    );
    expect(references.statusCode).toBe(422);
    expect(errorsOf(references)).toEqual({
      'steps.0.template_id': [JOURNEY_TEXT.templateNotFound],
    });
  });

  it('JRN-09 sorts a folder only with all of its journeys; a stale list is refused and nothing moves', async () => {
    const group = await ok<{ id: number }>(
      await demo.post('/api/journey_groups', { name: '並べ替え' }),
      201,
    );
    const a = await create('A', { group_id: group.id });
    const b = await create('B', { group_id: group.id });
    const c = await create('C', { group_id: group.id });
    await ok(
      await demo.post('/api/journeys/sort', { group_id: group.id, ids: [c.id, a.id, b.id] }),
    );
    const inGroup = (await list()).filter((item) => item.group_id === group.id);
    expect(inGroup.map((item) => [item.id, item.order])).toEqual([
      [c.id, 1],
      [a.id, 2],
      [b.id, 3],
    ]);
    const stale = await demo.post('/api/journeys/sort', { group_id: group.id, ids: [a.id, b.id] });
    expect(stale.statusCode).toBe(422);
    expect(errorsOf(stale)).toEqual({ ids: [JOURNEY_TEXT.sortStale] });
    expect(
      (await list()).filter((item) => item.group_id === group.id).map((item) => item.id),
    ).toEqual([c.id, a.id, b.id]);
    expect(
      (await other.post('/api/journeys/sort', { group_id: group.id, ids: [c.id, a.id, b.id] }))
        .statusCode,
    ).toBe(422);
  });

  it('JRN-10 JRN-13 favourites join at the end and are sorted among themselves', async () => {
    const x = await create('お気に入りX');
    const y = await create('お気に入りY');
    const first = await ok<{ favorite: boolean; favorite_order: number }>(
      await demo.patch(`/api/journeys/${x.id}/fav`, { favorite: true }),
    );
    const second = await ok<{ favorite_order: number }>(
      await demo.patch(`/api/journeys/${y.id}/fav`, { favorite: true }),
    );
    expect(first.favorite).toBe(true);
    expect(second.favorite_order).toBe(first.favorite_order + 1);
    const favorites = () =>
      list().then((items) =>
        items
          .filter((item) => item.favorite)
          .sort((p, q) => p.favorite_order! - q.favorite_order!)
          .map((item) => item.id),
      );
    const before = await favorites();
    const reversed = [...before].reverse();
    await ok(await demo.post('/api/journeys/sort/favorite', { ids: reversed }));
    expect(await favorites()).toEqual(reversed);
    await ok(await demo.patch(`/api/journeys/${x.id}/fav`, { favorite: false }));
    expect(await favorites()).not.toContain(x.id);
    expect((await other.patch(`/api/journeys/${y.id}/fav`, { favorite: false })).statusCode).toBe(
      404,
    );
  });

  it('JRN-11 bulk delete is all or nothing', async () => {
    const p = await create('消すP');
    const q = await create('消すQ');
    const foreign = await create('別', { steps: [] }, other);
    const refused = await demo.post('/api/journeys/bulk_delete', { ids: [p.id, foreign.id] });
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused)).toEqual({ ids: [JOURNEY_TEXT.idsUnknown] });
    expect((await list()).map((item) => item.id)).toEqual(expect.arrayContaining([p.id, q.id]));
    await ok(await demo.post('/api/journeys/bulk_delete', { ids: [p.id, q.id] }));
    const left = (await list()).map((item) => item.id);
    expect(left).not.toContain(p.id);
    expect(left).not.toContain(q.id);
    expect((await list(other)).map((item) => item.id)).toContain(foreign.id);
  });

  it('JRN-12 JRN-14 moves journeys to the end of a folder and copies one switched off', async () => {
    const group = await ok<{ id: number }>(
      await demo.post('/api/journey_groups', { name: '移動先' }),
      201,
    );
    const m = await create('移動M', { is_active: true });
    const n = await create('移動N');
    await ok(await demo.post('/api/journeys/mv_group', { group_id: group.id, ids: [n.id, m.id] }));
    const moved = (await list()).filter((item) => item.group_id === group.id);
    expect(moved.map((item) => [item.id, item.order])).toEqual([
      [n.id, 1],
      [m.id, 2],
    ]);
    const copy = await ok<Journey>(await demo.post(`/api/journeys/${m.id}/copy`), 201);
    expect(copy).toMatchObject({
      name: '移動Mのコピー',
      group_id: group.id,
      order: 3,
      is_active: false,
    });
    expect(copy.steps).toEqual(m.steps);
  });

  it('JRN-02 JRN-15..19 JRN-27 folders: create, sort with rollback-safe checks, rename, delete to 未分類', async () => {
    const g1 = await ok<{ id: number; order: number; name: string }>(
      await demo.post('/api/journey_groups', { name: 'フォルダ1' }),
      201,
    );
    expect(Object.keys(g1).sort()).toEqual(['id', 'name', 'order']);
    const groups = await ok<{ id: number; order: number }[]>(await demo.get('/api/journey_groups'));
    expect(groups.map((group) => group.order)).toEqual(groups.map((_, index) => index + 1));
    const reversed = groups.map((group) => group.id).reverse();
    await ok(await demo.post('/api/journey_groups/sort', { ids: reversed }));
    expect(
      (await ok<{ id: number }[]>(await demo.get('/api/journey_groups'))).map((g) => g.id),
    ).toEqual(reversed);
    expect(
      (await demo.post('/api/journey_groups/sort', { ids: reversed.slice(1) })).statusCode,
    ).toBe(422);
    const renamed = await ok<{ name: string }>(
      await demo.patch(`/api/journey_groups/${g1.id}/rename`, { name: '新しい名前' }),
    );
    expect(renamed.name).toBe('新しい名前');
    const taken = await demo.post('/api/journey_groups', { name: '新しい名前' });
    expect(errorsOf(taken)).toEqual({ name: [JOURNEY_TEXT.groupNameTaken] });
    expect(
      (await other.patch(`/api/journey_groups/${g1.id}/rename`, { name: 'x' })).statusCode,
    ).toBe(404);
    const inside = await create('フォルダの中', { group_id: g1.id });
    await ok(await demo.delete(`/api/journey_groups/${g1.id}`));
    const after = (await list()).find((item) => item.id === inside.id)!;
    expect(after.group_id).toBeNull();
    const unfiled = (await list()).filter((item) => item.group_id === null);
    expect(after.order).toBe(Math.max(...unfiled.map((item) => item.order)));
    expect(
      (await demo.patch(`/api/journey_groups/${g1.id}/rename`, { name: 'x' })).statusCode,
    ).toBe(404);
  });

  it('JRN-03 JRN-20..23 JRN-28 journey tags: create, rename, delete; another account’s is 404', async () => {
    const made = await ok<JourneyTag>(await demo.post('/api/journey_tags', { name: '途中' }), 201);
    expect(made).toMatchObject({ name: '途中', member_count: 0 });
    expect(made.order).toBeGreaterThanOrEqual(1);
    const tags = await ok<JourneyTag[]>(await demo.get('/api/journey_tags'));
    expect(tags.map((item) => item.order)).toEqual(tags.map((_, index) => index + 1));
    expect(
      (
        await ok<JourneyTag>(
          await demo.patch(`/api/journey_tags/${made.id}/rename`, { name: '完了' }),
        )
      ).name,
    ).toBe('完了');
    expect(
      (await other.patch(`/api/journey_tags/${made.id}/rename`, { name: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (await ok<JourneyTag[]>(await other.get('/api/journey_tags'))).map((item) => item.id),
    ).not.toContain(made.id);
    await ok(await demo.delete(`/api/journey_tags/${made.id}`));
    expect(
      (await demo.patch(`/api/journey_tags/${made.id}/rename`, { name: 'x' })).statusCode,
    ).toBe(404);
  });

  it('staff reads journeys but every write is 403', async () => {
    expect((await staff.get('/api/journeys')).statusCode).toBe(200);
    const writes = [
      staff.post('/api/journeys', journey('スタッフ')),
      staff.post('/api/journey_groups', { name: 'スタッフ' }),
      staff.post('/api/journey_tags', { name: 'スタッフ' }),
      staff.post('/api/journeys/bulk_delete', { ids: [1] }),
    ];
    for (const response of await Promise.all(writes)) expect(response.statusCode).toBe(403);
  });

  it('JRN-25 a tag-added journey: waits until 10:00 the next day, sends once, tags and marks the friend, across restarts', async () => {
    const mark = await ok<JourneyTag>(
      await demo.post('/api/journey_tags', { name: '案内済み' }),
      201,
    );
    const entryTag = (
      await ok<{ id: number }>(
        await demo.post('/api/line/tags', { name: '入口', group_id: null }),
        201,
      )
    ).id;
    // 2026-03-02 15:00 Tokyo.
    now = new Date('2026-03-02T06:00:00Z');
    const made = await ok<Journey>(
      await demo.post(
        '/api/journeys',
        journey('翌朝のご案内', {
          is_active: true,
          entry: { kind: 'tag_added', tag_id: entryTag },
          steps: [
            { kind: 'wait', days: 1, hours: 0, minutes: 0, at_time: '10:00' },
            { kind: 'send', template_id: template },
            { kind: 'add_tag', tag_id: tag },
            { kind: 'add_journey_tag', journey_tag_id: mark.id },
          ],
        }),
      ),
      201,
    );
    // Switched on by the real clock; put that before the fake now so the tag below enrols.
    await t.app.db
      .update(journeys)
      .set({ activatedAt: new Date('2026-03-02T05:00:00Z') })
      .where(eq(journeys.id, made.id));
    const friend = friends[0]!;
    await t.app.db.insert(memberTags).values({ memberId: friend, tagId: entryTag, createdAt: now });

    const first = await scheduler().runOnce();
    expect(first.enrolled).toBe(1);
    const journeyPushes = () =>
      t.app.db.select().from(linePushes).where(like(linePushes.dedupeKey, 'jrn:%'));
    expect(await journeyPushes()).toHaveLength(0);

    now = new Date('2026-03-03T00:59:00Z'); // 09:59 the next day: still waiting
    await scheduler().runOnce();
    expect(await journeyPushes()).toHaveLength(0);

    now = new Date('2026-03-03T01:00:30Z'); // 10:00:30
    const [a, b] = [scheduler(), scheduler()];
    await Promise.all([a.runOnce(), b.runOnce()]);
    await scheduler().runOnce(); // a restart: a fresh scheduler with nothing in memory
    const sent = await journeyPushes();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ memberId: friend });
    expect(JSON.stringify(sent[0]!.messages)).toContain('ご来店ありがとうございました');
    const tagged = await t.app.db
      .select()
      .from(memberTags)
      .where(and(eq(memberTags.memberId, friend), eq(memberTags.tagId, tag)));
    expect(tagged).toHaveLength(1);
    const marked = await ok<FriendList>(
      await demo.get(`/api/journeys/${made.id}/journey_tags/${mark.id}/members`),
    );
    expect(marked.items.map((item) => item.id)).toEqual([friend]);
    expect(
      (await other.get(`/api/journeys/${made.id}/journey_tags/${mark.id}/members`)).statusCode,
    ).toBe(404);
    const [after] = await list().then((items) => items.filter((item) => item.id === made.id));
    expect(after).toMatchObject({ running_count: 0, finished_count: 1 });
  });

  it('a segment branch: friends the segment finds go on, the others leave; a blocked friend leaves', async () => {
    const vip = (
      await ok<{ id: number }>(
        await demo.post('/api/line/tags', { name: '分岐VIP', group_id: null }),
        201,
      )
    ).id;
    await ok(await demo.post(`/api/line/tags/${vip}/friends/add`, { ids: [friends[1]] }));
    const segment = (
      await ok<{ id: number }>(
        await demo.post('/api/journey/member_queries', {
          name: '分岐VIP',
          match: 'all',
          conditions: [{ kind: 'tags', match: 'any', tag_ids: [vip] }],
        }),
        201,
      )
    ).id;
    const entry = (
      await ok<{ id: number }>(
        await demo.post('/api/journey/member_queries', {
          name: '分岐の入口',
          match: 'all',
          conditions: [{ kind: 'follow', state: 'following' }],
        }),
        201,
      )
    ).id;
    now = new Date('2026-03-05T03:00:00Z');
    const made = await create('VIPだけに', {
      is_active: true,
      entry: { kind: 'segment', member_query_id: entry },
      steps: [
        { kind: 'branch', member_query_id: segment, otherwise: null },
        { kind: 'send', template_id: template },
      ],
    });
    await t.app.db
      .update(members)
      .set({ followState: 'blocked' })
      .where(eq(members.id, friends[2]!));
    await scheduler().runOnce();
    const runs = await t.app.db
      .select()
      .from(journeyRuns)
      .where(eq(journeyRuns.journeyId, made.id));
    const byMember = new Map(runs.map((run) => [run.memberId, run]));
    expect(byMember.get(friends[1]!)).toMatchObject({ state: 'finished' });
    expect(byMember.get(friends[0]!)).toMatchObject({ state: 'left', endReason: 'branch' });
    // Blocked before the segment was read: never enrolled.
    expect(byMember.has(friends[2]!)).toBe(false);
    const pushes = await t.app.db
      .select()
      .from(linePushes)
      .where(like(linePushes.dedupeKey, `jrn:%`));
    const forThis = pushes.filter((push) =>
      runs.some((run) => push.dedupeKey === `jrn:${run.id}:1`),
    );
    expect(forThis.map((push) => push.memberId)).toEqual([friends[1]]);
    // Running it again enrols nobody twice (a segment journey is walked once).
    expect((await scheduler().runOnce()).enrolled).toBe(0);
    await t.app.db
      .update(members)
      .set({ followState: 'following' })
      .where(eq(members.id, friends[2]!));
  });
});
