import {
  FUNNEL_TEXT,
  type FriendEventKind,
  type FriendList,
  type Funnel,
  type FunnelDefinition,
  type FunnelResult,
  MEMBER_QUERY_TEXT,
} from '@tsunagu/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKind,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';
import { friendEvents, members, operators, tags, trackers } from '../../db/schema/index.js';
import { funnelCounts } from '../funnel-query/index.js';
import { DAY, randomOf, referenceFromDatabase } from '../../../test/funnels/reference.js';

type Client = Awaited<ReturnType<typeof signIn>>;
/** Issue 30: funnels over the friend events log — counts, friends of a count, CSV, access. */
describe(`funnels (${databaseKind})`, () => {
  let t: TestApp;
  let demo: Client;
  let staff: Client;
  let other: Client;
  let account: number;
  let created: number[] = [];

  async function ok<T>(response: { statusCode: number; body: string; json(): T }, code = 200) {
    expect(response.statusCode, response.body).toBe(code);
    return response.json();
  }
  const base = '/api/line/funnels';

  beforeAll(async () => {
    t = await createTestApp();
    [demo, staff, other] = await Promise.all([
      signIn(t.app, 'demo'),
      signIn(t.app, 'staff'),
      signIn(t.app, 'other'),
    ]);
    const [operator] = await t.app.db
      .select({ accountId: operators.accountId })
      .from(operators)
      .where(eq(operators.loginId, 'demo'));
    account = operator!.accountId;
    // 300 friends and ~4,000 random events over 60 days, written straight into the log.
    const random = randomOf(30);
    const inserted = await t.app.db
      .insert(members)
      .values(
        Array.from({ length: 300 }, (_, index) => ({
          accountId: account,
          displayName: `ファネル${index}`,
          lineUserId: `Ufunnel${index}`,
          followState: random() < 0.05 ? 'not_friend' : random() < 0.1 ? 'blocked' : 'following',
        })),
      )
      .returning({ id: members.id });
    created = inserted.map((row) => row.id);
    const kinds: FriendEventKind[] = [
      'follow',
      'tracker_arrival',
      'tag_added',
      'form_answered',
      'salon_booked',
      'salon_visited',
    ];
    const start = Date.parse('2026-09-01T00:00:00+09:00');
    const events = created.flatMap((memberId) =>
      Array.from({ length: Math.floor(random() * 25) }, () => {
        const kind = kinds[Math.floor(random() * kinds.length)]!;
        return {
          accountId: account,
          memberId,
          kind,
          refId: kind === 'follow' ? null : 1 + Math.floor(random() * 3),
          occurredAt: new Date(start + Math.floor(random() * 60 * DAY)),
        };
      }),
    );
    expect(events.length).toBeGreaterThan(2000);
    await t.app.db.insert(friendEvents).values(events);
  });

  afterAll(async () => {
    await t?.close();
  });

  const reference = (definition: FunnelDefinition) =>
    referenceFromDatabase(t.app.db, account, definition);

  const steps = (...list: [FriendEventKind, number | null][]) =>
    list.map(([kind, ref_id]) => ({ kind, ref_id, goal: null }));
  const noCohort = { followed_from: null, followed_to: null, tracker_id: null };
  const definitions: [string, FunnelDefinition][] = [
    [
      'ordered, no window',
      {
        steps: steps(['follow', null], ['form_answered', null], ['salon_booked', null]),
        cohort: noCohort,
        ordered: true,
        window_days: null,
      },
    ],
    [
      'unordered, no window',
      {
        steps: steps(['follow', null], ['form_answered', null], ['salon_booked', null]),
        cohort: noCohort,
        ordered: false,
        window_days: null,
      },
    ],
    [
      'ordered, 10-day window, a tag filter',
      {
        steps: steps(
          ['follow', null],
          ['tag_added', 2],
          ['salon_booked', null],
          ['salon_visited', null],
        ),
        cohort: noCohort,
        ordered: true,
        window_days: 10,
      },
    ],
    [
      'unordered, 7-day window',
      {
        steps: steps(['tag_added', 1], ['form_answered', 3], ['salon_booked', null]),
        cohort: noCohort,
        ordered: false,
        window_days: 7,
      },
    ],
    [
      'cohort by follow period (Tokyo dates)',
      {
        steps: steps(['follow', null], ['salon_booked', null], ['salon_visited', null]),
        cohort: { followed_from: '2026-09-10', followed_to: '2026-09-30', tracker_id: null },
        ordered: true,
        window_days: 30,
      },
    ],
    [
      'cohort by tracker, unordered',
      {
        steps: steps(['tracker_arrival', 2], ['form_answered', null], ['salon_visited', 1]),
        cohort: { followed_from: '2026-09-05', followed_to: null, tracker_id: 2 },
        ordered: false,
        window_days: null,
      },
    ],
  ];

  for (const [name, definition] of definitions) {
    it(`the counts equal the plain reference computation: ${name}`, async () => {
      const expected = await reference(definition);
      expect(expected.reached[0]).toBeGreaterThan(0);
      expect(await funnelCounts(t.app.db, account, definition)).toEqual(expected);
    });
  }

  it('a tie at the same time counts as in order; the window includes its last moment', async () => {
    // Three friends whose steps carry ref 99 (the random log uses 1–3), so only they reach step 2.
    const [tie, late, early] = await t.app.db
      .insert(members)
      .values(
        ['同時', '期限後', '前'].map((name, index) => ({
          accountId: account,
          displayName: `ファネル${name}`,
          lineUserId: `Ufunnel-edge${index}`,
        })),
      )
      .returning({ id: members.id });
    const at = Date.parse('2026-09-20T12:00:00+09:00');
    const event = (memberId: number, kind: FriendEventKind, time: number) => ({
      accountId: account,
      memberId,
      kind,
      refId: kind === 'follow' ? null : 99,
      occurredAt: new Date(time),
    });
    const inserted = await t.app.db
      .insert(friendEvents)
      .values([
        event(tie!.id, 'follow', at),
        event(tie!.id, 'form_answered', at),
        event(tie!.id, 'salon_booked', at + 10 * DAY),
        event(late!.id, 'follow', at),
        event(late!.id, 'form_answered', at + 10 * DAY + 1000),
        event(early!.id, 'follow', at),
        event(early!.id, 'form_answered', at - 1000),
        event(early!.id, 'salon_booked', at - 10 * DAY),
      ])
      .returning({ id: friendEvents.id });
    try {
      const edge = (ordered: boolean): FunnelDefinition => ({
        steps: steps(['follow', null], ['form_answered', 99], ['salon_booked', 99]),
        cohort: noCohort,
        ordered,
        window_days: 10,
      });
      const ordered = await funnelCounts(t.app.db, account, edge(true));
      expect(ordered).toEqual(await reference(edge(true)));
      expect(ordered.reached.slice(1)).toEqual([1, 1]);
      const unordered = await funnelCounts(t.app.db, account, edge(false));
      expect(unordered).toEqual(await reference(edge(false)));
      expect(unordered.reached.slice(1)).toEqual([2, 2]);
    } finally {
      await t.app.db.delete(friendEvents).where(
        inArray(
          friendEvents.id,
          inserted.map((row) => row.id),
        ),
      );
      await t.app.db.delete(members).where(inArray(members.id, [tie!.id, late!.id, early!.id]));
    }
  });

  it('ordered counts no more than unordered at every step', async () => {
    const ordered = await funnelCounts(t.app.db, account, definitions[0]![1]);
    const unordered = await funnelCounts(t.app.db, account, definitions[1]![1]);
    ordered.reached.forEach((count, index) =>
      expect(count).toBeLessThanOrEqual(unordered.reached[index]!),
    );
    expect(ordered.reached[2]).toBeLessThan(unordered.reached[2]!);
  });

  it('a saved funnel: result with rates and goal, the friends of each count, the CSV', async () => {
    const definition = definitions[0]![1];
    const input = {
      ...definition,
      name: '追加→回答→予約',
      steps: definition.steps.map((step, index) => ({ ...step, goal: index === 2 ? 20 : null })),
    };
    const { id } = await ok<{ id: number }>(await demo.post(base, input), 201);
    const result = await ok<FunnelResult>(await demo.get(`${base}/${id}/result`));
    const expected = await reference(definition);
    expect(result.cohort).toBe(expected.cohort);
    expect(result.steps.map((step) => step.reached)).toEqual(expected.reached);
    expect(result.steps[1]!.not_reached).toBe(expected.reached[0]! - expected.reached[1]!);
    expect(result.steps[2]!.goal).toBe(20);
    expect(result.steps[0]!.rate).toBe(
      Math.round((expected.reached[0]! / expected.cohort) * 1000) / 10,
    );

    const reached = await ok<FriendList>(
      await demo.get(`${base}/${id}/members?step=2&reached=true`),
    );
    expect(reached.total).toBe(expected.reached[1]);
    const dropped = await ok<FriendList>(
      await demo.get(`${base}/${id}/members?step=2&reached=false`),
    );
    expect(dropped.total).toBe(expected.reached[0]! - expected.reached[1]!);
    const reachedIds = new Set(reached.items.map((friend) => friend.id));
    expect(dropped.items.some((friend) => reachedIds.has(friend.id))).toBe(false);

    const csv = await demo.get(`${base}/${id}/csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.body).toContain('ステップ,行動,到達,未到達,到達率');
    expect(csv.body).toContain(`3,サロンを予約,${expected.reached[2]},`);
    expect(csv.body).toContain('20%');
  });

  it('preview counts an unsaved definition; bad input is 422 naming the field in Japanese', async () => {
    const definition = definitions[1]![1];
    const result = await ok<FunnelResult>(await demo.post(`${base}/preview`, definition));
    expect(result.steps.map((step) => step.reached)).toEqual((await reference(definition)).reached);
    const bad = await demo.post(base, {
      name: '',
      steps: [{ kind: 'follow', ref_id: 3 }],
      window_days: 0,
    });
    expect(bad.statusCode).toBe(422);
    const body = bad.json<{ errors: Record<string, string[]> }>();
    expect(body.errors['name']).toEqual([FUNNEL_TEXT.nameRequired]);
    expect(body.errors['steps']).toEqual([FUNNEL_TEXT.stepsTooFew]);
    expect(body.errors['window_days']).toEqual([FUNNEL_TEXT.windowInvalid]);
  });

  it('tenancy: another account sees none of the funnel, its friends or its CSV', async () => {
    const { id } = await ok<{ id: number }>(
      await demo.post(base, { ...definitions[0]![1], name: 'デモのファネル' }),
      201,
    );
    expect((await other.get(`${base}/${id}`)).statusCode).toBe(404);
    expect((await other.get(`${base}/${id}/result`)).statusCode).toBe(404);
    expect((await other.get(`${base}/${id}/members?step=1&reached=true`)).statusCode).toBe(404);
    expect((await other.get(`${base}/${id}/csv`)).statusCode).toBe(404);
    expect((await other.delete(`${base}/${id}`)).statusCode).toBe(404);
    const list = await ok<Funnel[]>(await other.get(base));
    expect(list.some((funnel) => funnel.id === id)).toBe(false);
    // The same steps counted for the other account find none of demo's friends.
    const preview = await ok<FunnelResult>(await other.post(`${base}/preview`, definitions[0]![1]));
    const ids = await t.app.db
      .select({ id: members.id })
      .from(members)
      .where(inArray(members.id, created));
    expect(ids.length).toBe(created.length);
    expect(preview.steps[0]!.reached).toBeLessThan(
      (await reference(definitions[0]![1])).reached[0]!,
    );
  });

  it('ROUTE-15: staff reads funnels but saving, changing and deleting need funnel-write', async () => {
    const { id } = await ok<{ id: number }>(
      await demo.post(base, { ...definitions[1]![1], name: '読むだけ' }),
      201,
    );
    await ok(await staff.get(`${base}/${id}/result`));
    const input = { ...definitions[1]![1], name: '変更' };
    expect((await staff.post(base, input)).statusCode).toBe(403);
    expect((await staff.put(`${base}/${id}`, input)).statusCode).toBe(403);
    expect((await staff.delete(`${base}/${id}`)).statusCode).toBe(403);
    await ok(await demo.delete(`${base}/${id}`));
    expect((await demo.get(`${base}/${id}`)).statusCode).toBe(404);
  });

  it('a count becomes a live segment: its friends are the count, recounted when the funnel changes', async () => {
    const definition = definitions[0]![1];
    const { id } = await ok<{ id: number }>(
      await demo.post(base, { ...definition, name: 'セグメントにする' }),
      201,
    );
    const expected = await reference(definition);
    const segmentOf = async (step: number, reached: boolean) => {
      const created = await ok<{ id: number }>(
        await demo.post('/api/journey/member_queries', {
          name: `ファネル ステップ${step} ${reached ? '到達' : '未到達'}`,
          match: 'all',
          conditions: [{ kind: 'funnel', funnel_id: id, step, reached }],
        }),
        201,
      );
      return created.id;
    };
    const total = async (segment: number) =>
      (await ok<FriendList>(await demo.get(`/api/journey/member_queries/${segment}/members`)))
        .total;
    const reachedTwo = await segmentOf(2, true);
    const droppedThree = await segmentOf(3, false);
    expect(await total(reachedTwo)).toBe(expected.reached[1]);
    expect(await total(droppedThree)).toBe(expected.reached[1]! - expected.reached[2]!);
    // The friends are the funnel cell's friends, page for page.
    const cell = await ok<FriendList>(await demo.get(`${base}/${id}/members?step=2&reached=true`));
    const segment = await ok<FriendList>(
      await demo.get(`/api/journey/member_queries/${reachedTwo}/members`),
    );
    expect(segment.items.map((friend) => friend.id).sort()).toEqual(
      cell.items.map((friend) => friend.id).sort(),
    );
    // Live: change the funnel and the same segment follows it.
    const changed = definitions[1]![1];
    await ok(await demo.put(`${base}/${id}`, { ...changed, name: 'セグメントにする' }));
    expect(await total(reachedTwo)).toBe((await reference(changed)).reached[1]);
    // A step the funnel does not have is 422 naming the field.
    const tooFar = await demo.post('/api/journey/member_queries', {
      name: '存在しないステップ',
      match: 'all',
      conditions: [{ kind: 'funnel', funnel_id: id, step: 4, reached: true }],
    });
    expect(tooFar.statusCode).toBe(422);
    expect(tooFar.json<{ errors: Record<string, string[]> }>().errors['conditions.0.step']).toEqual(
      [MEMBER_QUERY_TEXT.funnelStepInvalid],
    );
  });

  it("tenancy: another account's funnel cannot become its segment (422 naming the field)", async () => {
    const { id } = await ok<{ id: number }>(
      await demo.post(base, { ...definitions[0]![1], name: 'デモだけのファネル' }),
      201,
    );
    const response = await other.post('/api/journey/member_queries', {
      name: '他のアカウントのファネル',
      match: 'all',
      conditions: [{ kind: 'funnel', funnel_id: id, step: 1, reached: true }],
    });
    expect(response.statusCode).toBe(422);
    expect(
      response.json<{ errors: Record<string, string[]> }>().errors['conditions.0.funnel_id'],
    ).toEqual([MEMBER_QUERY_TEXT.funnelNotFound]);
  });

  it("a step's tag, form, course, event and the cohort's tracker must be the account's (422 naming each field)", async () => {
    const [otherOperator] = await t.app.db
      .select({ accountId: operators.accountId })
      .from(operators)
      .where(eq(operators.loginId, 'other'));
    const otherAccount = otherOperator!.accountId;
    const [otherTag] = await t.app.db
      .insert(tags)
      .values({ accountId: otherAccount, name: '他のタグ', order: 1 })
      .returning({ id: tags.id });
    const [otherTracker] = await t.app.db
      .insert(trackers)
      .values({ accountId: otherAccount, name: '他の流入経路', code: 'other-funnel-check' })
      .returning({ id: trackers.id });
    const [ownTag] = await t.app.db
      .insert(tags)
      .values({ accountId: account, name: 'ファネルのタグ', order: 1 })
      .returning({ id: tags.id });
    const [ownTracker] = await t.app.db
      .insert(trackers)
      .values({ accountId: account, name: 'ファネルの流入経路', code: 'own-funnel-check' })
      .returning({ id: trackers.id });
    const definition = (tag: number, tracker: number, form: number) => ({
      name: '対象の確認',
      steps: steps(['follow', null], ['tag_added', tag], ['form_answered', form]),
      cohort: { followed_from: null, followed_to: null, tracker_id: tracker },
      ordered: true,
      window_days: null,
    });
    for (const path of [base, `${base}/preview`]) {
      const bad = await demo.post(path, definition(otherTag!.id, otherTracker!.id, 999_999));
      expect(bad.statusCode, path).toBe(422);
      const { errors } = bad.json<{ errors: Record<string, string[]> }>();
      expect(errors['steps.1.ref_id']).toEqual([FUNNEL_TEXT.refNotFound]);
      expect(errors['steps.2.ref_id']).toEqual([FUNNEL_TEXT.refNotFound]);
      expect(errors['cohort.tracker_id']).toEqual([FUNNEL_TEXT.trackerNotFound]);
    }
    // The account's own tag and tracker are accepted (the form step left open).
    const good = definition(ownTag!.id, ownTracker!.id, 0);
    good.steps[2]!.ref_id = null;
    await ok(await demo.post(base, good), 201);
    const choices = await ok<{ trackers: { id: number; name: string }[] }>(
      await demo.get(`${base}/choices`),
    );
    expect(choices.trackers).toContainEqual({ id: ownTracker!.id, name: 'ファネルの流入経路' });
    expect(choices.trackers.some((tracker) => tracker.id === otherTracker!.id)).toBe(false);
  });
});
