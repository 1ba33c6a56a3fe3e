import {
  OPEN_API_RATE_PER_MINUTE,
  TRIGGER_TEXT,
  type FriendList,
  type Journey,
  type OpenApiEvent,
  type OpenApiEventOutcome,
  type OpenApiKeyCreated,
  type Trigger,
  type TriggerAction,
} from '@tsunagu/contracts';
import { and, eq } from 'drizzle-orm';
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
import { members, memberTags, openApiEvents, openApiKeyWindows } from '../../db/schema/index.js';
import { rememberFriendPhones } from '../friends/index.js';
import { spendCall } from './keys.js';

type Client = Awaited<ReturnType<typeof signIn>>;

/**
 * Triggers and the open API (issue 14, TRG-01..11, decision 0170): triggers and their actions
 * with tenancy and rights, API keys shown once and hashed, and events posted by an external
 * system that start a journey whose message reaches the fake LINE — once per Idempotency-Key.
 */
describe(`triggers and the open API (${databaseKind})`, () => {
  let t: TestApp;
  let line: FakeLine;
  let demo: Client;
  let staff: Client;
  let other: Client;
  let friend: { id: number; lineUserId: string };
  let template: number;
  let tag: number;
  let journey: Journey;
  let journeyTag: number;
  let key: OpenApiKeyCreated;

  async function ok<T>(response: { statusCode: number; body: string; json(): T }, code = 200) {
    expect(response.statusCode, response.body).toBe(code);
    return response.json();
  }
  const errorsOf = (response: { json(): unknown }) =>
    (response.json() as { errors: Record<string, string[]> }).errors;
  const post = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/open_api/events',
      headers: { authorization: `Bearer ${key.secret}`, ...headers },
      payload: body,
    });
  const action = (name: string, extra: Record<string, unknown>) => ({
    name,
    action_type: 'journey',
    action_id: journey.id,
    member_query_id: null,
    ...extra,
  });

  /** The trigger this file makes (the demo account also has the salon's own, listed first). */
  const purchaseTrigger = async () =>
    (await ok<Trigger[]>(await demo.get('/api/open_api/triggers'))).find(
      (item) => item.event === 'purchase',
    );

  beforeAll(async () => {
    line = await startFakeLine({ channels: [fakeChannel(71)] });
    t = await createTestApp({ LINE_API_BASE: line.url });
    [demo, staff, other] = await Promise.all([
      signIn(t.app, 'demo'),
      signIn(t.app, 'staff'),
      signIn(t.app, 'other'),
    ]);
    await connectChannel(demo, line.channels[0]!);
    const friends = await ok<FriendList>(await demo.get('/api/line/friends?state=following'));
    const [row] = await t.app.db
      .select({ id: members.id, lineUserId: members.lineUserId })
      .from(members)
      .where(eq(members.id, friends.items[0]!.id));
    friend = row!;
    template = (
      await ok<{ id: number }>(
        await demo.post('/api/templates', {
          name: '購入のお礼',
          group_id: null,
          messages: [{ type: 'text', text: 'ご購入ありがとうございました' }],
        }),
        201,
      )
    ).id;
    tag = (
      await ok<{ id: number }>(
        await demo.post('/api/line/tags', { name: '購入者', group_id: null }),
        201,
      )
    ).id;
    journeyTag = (
      await ok<{ id: number }>(await demo.post('/api/journey_tags', { name: 'お礼済み' }), 201)
    ).id;
    journey = await ok<Journey>(
      await demo.post('/api/journeys', {
        name: '購入後のお礼',
        group_id: null,
        is_active: true,
        entry: { kind: 'trigger' },
        steps: [
          { kind: 'send', template_id: template },
          { kind: 'add_journey_tag', journey_tag_id: journeyTag },
        ],
      }),
      201,
    );
    key = await ok<OpenApiKeyCreated>(
      await demo.post('/api/open_api/keys', { name: 'POSレジ' }),
      201,
    );
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await line?.close();
  });

  it('TRG-01 TRG-02 TRG-03 TRG-04 TRG-06 creates a trigger and its actions, listed with open_api_trigger_actions', async () => {
    const trigger = await ok<Trigger>(
      await demo.post('/api/open_api/triggers', { name: '購入', event: 'purchase' }),
      201,
    );
    expect(trigger).toEqual({
      id: trigger.id,
      name: '購入',
      event: 'purchase',
      open_api_trigger_actions: [],
    });
    const made = await ok<TriggerAction>(
      await demo.post(
        `/api/open_api/triggers/${trigger.id}/trigger_actions`,
        action('お礼ジャーニー', {}),
      ),
      201,
    );
    expect(Object.keys(made).sort()).toEqual(
      [
        'action_id',
        'action_type',
        'id',
        'is_active',
        'member_query_id',
        'name',
        'trigger_id',
      ].sort(),
    );
    expect(made).toMatchObject({ trigger_id: trigger.id, action_id: journey.id, is_active: true });
    await ok(
      await demo.post(
        `/api/open_api/triggers/${trigger.id}/trigger_actions`,
        action('購入者タグ', { action_type: 'add_tag', action_id: tag }),
      ),
      201,
    );
    const recordOnly = await ok<TriggerAction>(
      await demo.post(
        `/api/open_api/triggers/${trigger.id}/trigger_actions`,
        action('記録だけ', { action_id: null }),
      ),
      201,
    );
    expect(recordOnly.action_id).toBeNull();
    const listed = await ok<Trigger[]>(await demo.get('/api/open_api/triggers'));
    expect(
      listed.find((item) => item.id === trigger.id)!.open_api_trigger_actions.map((a) => a.name),
    ).toEqual(['お礼ジャーニー', '購入者タグ', '記録だけ']);
    expect(await ok<Trigger[]>(await other.get('/api/open_api/triggers'))).toEqual([]);
  });

  it('TRG-05 TRG-07 updates a trigger and an action; another account’s is 404, a foreign target 422', async () => {
    const trigger = await purchaseTrigger();
    const updated = await ok<Trigger>(
      await demo.put(`/api/open_api/triggers/${trigger!.id}`, {
        name: '購入（レジ）',
        event: 'purchase',
      }),
    );
    expect(updated.name).toBe('購入（レジ）');
    expect(
      (await other.put(`/api/open_api/triggers/${trigger!.id}`, { name: 'x', event: 'x' }))
        .statusCode,
    ).toBe(404);
    const first = trigger!.open_api_trigger_actions[0]!;
    const renamed = await ok<TriggerAction>(
      await demo.put(
        `/api/open_api/triggers/${trigger!.id}/trigger_actions/${first.id}`,
        action('お礼ジャーニーを開始', {}),
      ),
    );
    expect(renamed.name).toBe('お礼ジャーニーを開始');
    const foreignTemplate = (
      await ok<{ id: number }>(
        await other.post('/api/templates', {
          name: '別',
          group_id: null,
          messages: [{ type: 'text', text: 'x' }],
        }),
        201,
      )
    ).id;
    const refused = await demo.put(
      `/api/open_api/triggers/${trigger!.id}/trigger_actions/${first.id}`,
      action('だめ', { action_type: 'template', action_id: foreignTemplate }),
    );
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused)).toEqual({ action_id: [TRIGGER_TEXT.templateNotFound] });
    expect(
      (
        await other.put(
          `/api/open_api/triggers/${trigger!.id}/trigger_actions/${first.id}`,
          action('x', { action_id: null }),
        )
      ).statusCode,
    ).toBe(404);
  });

  it('TRG-08 TRG-09 switches an action between active and inactive by state', async () => {
    const trigger = await purchaseTrigger();
    const target = trigger!.open_api_trigger_actions[2]!;
    const path = `/api/open_api/triggers/${trigger!.id}/trigger_actions/${target.id}/state`;
    expect((await ok<TriggerAction>(await demo.patch(path, { state: 'inactive' }))).is_active).toBe(
      false,
    );
    expect((await ok<TriggerAction>(await demo.patch(path, { state: 'active' }))).is_active).toBe(
      true,
    );
    const wrong = await demo.patch(path, { state: 'on' });
    expect(errorsOf(wrong)).toEqual({ state: [TRIGGER_TEXT.stateInvalid] });
    expect((await staff.patch(path, { state: 'inactive' })).statusCode).toBe(403);
    expect((await other.patch(path, { state: 'inactive' })).statusCode).toBe(404);
  });

  it('API keys: shown once, kept hashed, owner only; a wrong, missing or revoked key is 401', async () => {
    const listed = await ok<{ id: number; prefix: string }[]>(await demo.get('/api/open_api/keys'));
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(key.secret);
    expect(key.secret.startsWith(listed[0]!.prefix)).toBe(true);
    expect((await staff.get('/api/open_api/keys')).statusCode).toBe(403);
    expect(await ok<unknown[]>(await other.get('/api/open_api/keys'))).toEqual([]);
    const body = { event: 'purchase', line_user_id: friend.lineUserId };
    expect((await post(body, { authorization: 'Bearer tsk_wrong' })).statusCode).toBe(401);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/open_api/events',
      payload: body,
    });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toBe(TRIGGER_TEXT.keyInvalid);
    const spare = await ok<OpenApiKeyCreated>(
      await demo.post('/api/open_api/keys', { name: '予備' }),
      201,
    );
    await ok(await demo.delete(`/api/open_api/keys/${spare.id}`));
    expect((await post(body, { authorization: `Bearer ${spare.secret}` })).statusCode).toBe(401);
    expect((await other.delete(`/api/open_api/keys/${key.id}`)).statusCode).toBe(404);
  });

  it('TRG-11 an event starts the journey: its message reaches the fake LINE, the friend is tagged and marked; a repeated Idempotency-Key runs nothing again', async () => {
    const body = {
      event: 'purchase',
      label: 'レシート R-1001',
      params: { amount: 5400, items: ['シャンプー'] },
      line_user_id: friend.lineUserId,
    };
    const first = await post(body, { 'idempotency-key': 'receipt-R-1001' });
    expect(first.statusCode, first.body).toBe(202);
    const outcome = first.json() as OpenApiEventOutcome;
    expect(outcome.friend_id).toBe(friend.id);
    expect(outcome.actions.map((item) => [item.name, item.result])).toEqual([
      ['お礼ジャーニーを開始', 'ran'],
      ['購入者タグ', 'ran'],
      ['記録だけ', 'recorded'],
    ]);
    const again = await post(body, { 'idempotency-key': 'receipt-R-1001' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(outcome);
    const changed = await post(
      { ...body, label: '別の内容' },
      { 'idempotency-key': 'receipt-R-1001' },
    );
    expect(changed.statusCode).toBe(422);

    await deliverQueuedPushes(t, line);
    const delivered = line.requests.filter(
      (request) => request.path === '/v2/bot/message/push' && request.body.to === friend.lineUserId,
    );
    expect(delivered.map((request) => request.body.messages)).toEqual([
      [{ type: 'text', text: 'ご購入ありがとうございました' }],
    ]);
    expect(delivered[0]!.retryKey).toMatch(/^[0-9a-f-]{36}$/);
    const tagged = await t.app.db
      .select()
      .from(memberTags)
      .where(and(eq(memberTags.memberId, friend.id), eq(memberTags.tagId, tag)));
    expect(tagged).toHaveLength(1);
    const marked = await ok<FriendList>(
      await demo.get(`/api/journeys/${journey.id}/journey_tags/${journeyTag}/members`),
    );
    expect(marked.items.map((item) => item.id)).toEqual([friend.id]);

    // The context store keeps what was posted, for the operator's log — and only for them.
    const log = await ok<OpenApiEvent[]>(await demo.get('/api/open_api/events'));
    expect(log[0]).toMatchObject({
      category: 'open_api',
      event: 'purchase',
      label: 'レシート R-1001',
      params: { amount: 5400, items: ['シャンプー'] },
      friend_id: friend.id,
      key_name: 'POSレジ',
    });
    expect(await ok<unknown[]>(await other.get('/api/open_api/events'))).toEqual([]);
  });

  it('the same Idempotency-Key posted twice at once starts the journey once', async () => {
    const body = { event: 'purchase', line_user_id: friend.lineUserId };
    const answers = await Promise.all([
      post(body, { 'idempotency-key': 'parallel-1' }),
      post(body, { 'idempotency-key': 'parallel-1' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 202]);
    const rows = await t.app.db
      .select()
      .from(openApiEvents)
      .where(eq(openApiEvents.idempotencyKey, 'parallel-1'));
    expect(rows).toHaveLength(1);
  });

  it('a friend named by the phone they gave when booking; an unknown friend is 404 and logged; a segment can hold an action back', async () => {
    await rememberFriendPhones(t.app.db, (await accountOf(friend.id))!, friend.id, [
      { field_id: 1, label: '電話番号', field_type: 'tel', value: '０９０−１１１１−２２２２' },
    ]);
    const byPhone = await post({ event: 'purchase', tel: '+81 90 1111 2222' });
    expect(byPhone.statusCode, byPhone.body).toBe(202);
    expect(byPhone.json().friend_id).toBe(friend.id);
    const unknown = await post({ event: 'purchase', tel: '090-9999-0000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(TRIGGER_TEXT.friendNotFound);
    const log = await ok<OpenApiEvent[]>(await demo.get('/api/open_api/events'));
    expect(log[0]).toMatchObject({ friend_id: null, event: 'purchase' });
    const both = await post({
      event: 'purchase',
      tel: '090-1111-2222',
      line_user_id: friend.lineUserId,
    });
    expect(errorsOf(both)).toEqual({ line_user_id: [TRIGGER_TEXT.friendRequired] });

    const segment = (
      await ok<{ id: number }>(
        await demo.post('/api/journey/member_queries', {
          name: 'ブロック中だけ',
          match: 'all',
          conditions: [{ kind: 'follow', state: 'blocked' }],
        }),
        201,
      )
    ).id;
    const trigger = await ok<Trigger>(
      await demo.post('/api/open_api/triggers', { name: '来店', event: 'visit' }),
      201,
    );
    await ok(
      await demo.post(
        `/api/open_api/triggers/${trigger.id}/trigger_actions`,
        action('ブロック中に', { member_query_id: segment }),
      ),
      201,
    );
    const held = await post({ event: 'visit', line_user_id: friend.lineUserId });
    expect(held.json().actions.map((item: { result: string }) => item.result)).toEqual([
      'not_in_segment',
    ]);
  });

  it(`each key may post ${OPEN_API_RATE_PER_MINUTE} events a minute, counted in the database`, async () => {
    const burst = await ok<OpenApiKeyCreated>(
      await demo.post('/api/open_api/keys', { name: '連打' }),
      201,
    );
    const minute = new Date('2026-05-01T03:04:00Z');
    const at = (seconds: number) => new Date(minute.getTime() + seconds * 1000);
    const waits: number[] = [];
    for (let index = 0; index < OPEN_API_RATE_PER_MINUTE + 1; index += 1)
      waits.push(await spendCall(t.app.db, burst.id, at(15)));
    expect(waits.slice(0, OPEN_API_RATE_PER_MINUTE).every((wait) => wait === 0)).toBe(true);
    // Refused until the minute ends: 45 seconds from :15.
    expect(waits.at(-1)).toBe(45);
    expect(await spendCall(t.app.db, burst.id, at(60))).toBe(0);

    // Over HTTP: this minute and the next already spent, so the post is refused whenever it lands.
    const now = Date.now();
    for (const start of [now, now + 60_000])
      await t.app.db.insert(openApiKeyWindows).values({
        keyId: burst.id,
        windowStart: new Date(Math.floor(start / 60_000) * 60_000),
        calls: OPEN_API_RATE_PER_MINUTE,
      });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/open_api/events',
      headers: { authorization: `Bearer ${burst.secret}` },
      payload: { event: 'nothing-listens', line_user_id: friend.lineUserId },
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toBe(TRIGGER_TEXT.rateLimited);
  });

  it('TRG-10 deletes an action; staff cannot write triggers', async () => {
    const trigger = await purchaseTrigger();
    const last = trigger!.open_api_trigger_actions.at(-1)!;
    expect((await staff.post('/api/open_api/triggers', { name: 'x', event: 'x' })).statusCode).toBe(
      403,
    );
    expect(
      (await other.delete(`/api/open_api/triggers/${trigger!.id}/trigger_actions/${last.id}`))
        .statusCode,
    ).toBe(404);
    await ok(await demo.delete(`/api/open_api/triggers/${trigger!.id}/trigger_actions/${last.id}`));
    const after = await ok<Trigger[]>(await demo.get('/api/open_api/triggers'));
    expect(after[0]!.open_api_trigger_actions.map((item) => item.id)).not.toContain(last.id);
  });

  async function accountOf(memberId: number) {
    const [row] = await t.app.db
      .select({ accountId: members.accountId })
      .from(members)
      .where(eq(members.id, memberId));
    return row?.accountId;
  }
});
