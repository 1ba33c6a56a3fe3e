import {
  addDaysToDateValue,
  todayInTokyo,
  type AiAnswer,
  type AiSettings,
} from '@tsunagu/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModel, toolResultsIn, type FakeModel } from '../../../test/fakes/fake-model.js';
import { databaseKind, type TestApp } from '../../../test/helpers/test-app.js';
import {
  createCourse,
  createResource,
  openSalonTest,
  type Client,
} from '../../../test/salon/fixtures.js';
import { aiSettings, chatMessages, chatThreads, members } from '../../db/schema/index.js';

const KEY = 'sk-test-very-secret-key-0123456789';

/**
 * Issue 31 through the real routes, the real database and a fake model on loopback speaking the
 * OpenAI-compatible API: settings (the key never answered, owner-only writes), answers from the
 * shop's live data, the never-invented check, hand-off, the budget and tenancy.
 */
describe(`生成AI設定 (${databaseKind})`, () => {
  let t: TestApp;
  let demo: Client;
  let staff: Client;
  let other: Client;
  let fake: FakeModel;
  let salonId: number;
  let accountId: number;
  let course: number;
  // "Today" is a fixed day three weeks ahead, 09:00 in Tokyo: its 15:00 lies in the future.
  const day = addDaysToDateValue(todayInTokyo(), 21);
  const now = new Date(`${day}T09:00:00+09:00`);

  const settingsBody = (overrides: Record<string, unknown> = {}) => ({
    provider: 'openai-compatible',
    model: 'fake-model',
    base_url: fake.url,
    features: { drafts: true, auto_reply: false, writing: true },
    budget_yen_month: 1000,
    ...overrides,
  });
  const preview = async (question: string, client = demo) => {
    const response = await client.post('/api/ai/preview', { question });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AiAnswer;
  };

  beforeAll(async () => {
    fake = await startFakeModel();
    let base: string;
    let salon: { accountId: number };
    ({ t, demo, staff, other, salonId, base, salon } = await openSalonTest(
      {},
      { clock: () => now },
    ));
    accountId = salon.accountId;
    await demo.put(`${base}/configs/booking`, {
      slot_interval_minutes: 30,
      accept_days_ahead: 60,
      accept_hours_before: 0,
    });
    const weekdays = Array.from({ length: 7 }, () => ({
      is_open: true,
      from: '10:00',
      to: '19:00',
    }));
    const opened = await demo.put(`${base}/configs/opening`, {
      year: Number(day.slice(0, 4)),
      weekdays,
      dates: {},
    });
    expect(opened.statusCode, opened.body).toBe(200);
    course = await createCourse(demo, salonId, {
      name: 'AIテスト カット',
      duration: 60,
      price: 5500,
    });
    const stylist = await createResource(demo, salonId, { name: 'AIテスト 担当' });
    const shift = await demo.post(`${base}/resources/${stylist}/time_shifts`, {
      start_date: day,
      from: '10:00',
      to: '19:00',
    });
    expect(shift.statusCode, shift.body).toBe(201);
  }, 300_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.script = () => ({ text: '[[HANDOFF]]' });
  });

  it('GET never returns the key (has_api_key only); PUT without api_key keeps it; the column holds it sealed', async () => {
    const first = await demo.get('/api/ai/settings');
    expect(first.statusCode).toBe(200);
    expect(first.json().has_api_key).toBe(false);

    const saved = await demo.put('/api/ai/settings', settingsBody({ api_key: KEY }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(KEY);
    const read = await demo.get('/api/ai/settings');
    expect(read.body).not.toContain(KEY);
    expect(read.body).not.toContain('"api_key"');
    expect(read.json()).toMatchObject({
      has_api_key: true,
      model: 'fake-model',
      base_url: fake.url,
    });

    const kept = await demo.put('/api/ai/settings', settingsBody());
    expect((kept.json() as AiSettings).has_api_key).toBe(true);
    const [row] = await t.app.db.select().from(aiSettings);
    expect(row!.apiKeySealed).not.toContain(KEY);
    expect(JSON.stringify(await (await demo.get('/api/ai/runs')).json())).not.toContain(KEY);
  });

  it('staff without the owner role cannot change the settings (403) nor test the connection', async () => {
    const put = await staff.put('/api/ai/settings', settingsBody({ budget_yen_month: 1 }));
    expect(put.statusCode).toBe(403);
    expect(put.json().message).toBe('生成AI設定の変更にはオーナー権限が必要です');
    expect((await staff.post('/api/ai/settings/test', {})).statusCode).toBe(403);
    expect((await demo.get('/api/ai/settings')).json().budget_yen_month).toBe(1000);
    // Staff still read the settings (for the 閲覧のみ screen).
    expect((await staff.get('/api/ai/settings')).statusCode).toBe(200);
  });

  it('invalid settings are refused naming the field in Japanese', async () => {
    const response = await demo.put(
      '/api/ai/settings',
      settingsBody({ base_url: null, budget_yen_month: -1 }),
    );
    expect(response.statusCode).toBe(422);
    const errors = response.json().errors as Record<string, string[]>;
    expect(errors.base_url).toEqual(['OpenAI互換ではベースURLを入力してください']);
    expect(errors.budget_yen_month?.[0]).toContain('月の予算');
  });

  it('the connection test calls the model with the saved key', async () => {
    fake.script = () => ({ text: 'OK' });
    const before = fake.requests.length;
    const response = await demo.post('/api/ai/settings/test', {});
    expect(response.json()).toEqual({ ok: true, message: '接続できました' });
    expect(fake.requests.length).toBe(before + 1);
    expect(fake.requests.at(-1)!.authorization).toBe(`Bearer ${KEY}`);
  });

  it('「今日15時空いてますか」: the model is given the free slots computed from the database and the reply quotes them (sent)', async () => {
    fake.script = (request) => {
      const results = toolResultsIn(request);
      if (results.length === 0) {
        const date = /今日は (\d{4}-\d{2}-\d{2})/.exec(
          String(request.body.messages[0]!.content),
        )![1];
        return { toolCalls: [{ name: 'free_slots', arguments: { date } }] };
      }
      const slots = results[0] as { courses: { course: string; free_starts: string[] }[] };
      const ours = slots.courses.find((entry) => entry.course === 'AIテスト カット')!;
      return ours.free_starts.includes('15:00')
        ? { text: '本日15:00からAIテスト カットのご予約が可能です。' }
        : { text: '[[HANDOFF]]' };
    };
    const answer = await preview('今日15時空いてますか');
    expect(answer.outcome).toBe('sent');
    expect(answer.answer).toBe('本日15:00からAIテスト カットのご予約が可能です。');
    const slots = answer.tools.find((call) => call.name === 'free_slots')!.result as {
      date: string;
      courses: { course_id: number; free_starts: string[] }[];
    };
    expect(slots.date).toBe(day);
    // The same start times the availability engine shows in the console for that day.
    const engine = await demo.get(
      `/api/salon/${salonId}/availability?course_id=${course}&from=${day}&to=${day}`,
    );
    const free = (engine.json().days[0].slots as { from: string; available: boolean }[])
      .filter((slot) => slot.available)
      .map((slot) => slot.from);
    expect(slots.courses.find((entry) => entry.course_id === course)!.free_starts).toEqual(free);
    expect(free).toContain('15:00');
    // The run is logged with its tools, tokens and cost.
    const runs = (await demo.get('/api/ai/runs')).json().runs;
    expect(runs[0]).toMatchObject({
      kind: 'preview',
      question: '今日15時空いてますか',
      outcome: 'sent',
      input_tokens: 2000,
      output_tokens: 400,
    });
    expect(runs[0].cost_yen).toBeGreaterThan(0);
  });

  it('a model inventing 3,000円 for a course priced 5,500円 is blocked; quoting 5,500円 is sent', async () => {
    const pricing = (text: string) => () => (request: Parameters<FakeModel['script']>[0]) =>
      toolResultsIn(request).length === 0
        ? { toolCalls: [{ name: 'list_courses', arguments: {} }] }
        : { text };
    fake.script = pricing('AIテスト カットは３，０００円です。')();
    const invented = await preview('AIテスト カットはいくらですか');
    expect(invented.outcome).toBe('blocked');
    expect(invented.reason).toContain('3,000円');
    fake.script = pricing('AIテスト カットは5500円（60分）です。')();
    const quoted = await preview('AIテスト カットはいくらですか');
    expect(quoted.outcome).toBe('sent');
  });

  it('a blocked draft for a friend sends nothing, marks the chat 未対応 and notifies staff', async () => {
    const [friend] = await t.app.db
      .select({ id: members.id, accountId: members.accountId })
      .from(members)
      .where(eq(members.accountId, accountId))
      .limit(1);
    await t.app.db
      .insert(chatThreads)
      .values({
        accountId: friend!.accountId,
        memberId: friend!.id,
        state: 'resolved',
      })
      .onConflictDoUpdate({ target: chatThreads.memberId, set: { state: 'resolved' } });
    await t.app.db.insert(chatMessages).values({
      accountId: friend!.accountId,
      memberId: friend!.id,
      direction: 'in',
      kind: 'text',
      text: 'AIテスト カットの料金を教えてください',
      payload: { type: 'text' },
      sender: 'friend',
      sentAt: new Date(),
    });
    fake.script = (request) =>
      toolResultsIn(request).length === 0
        ? { toolCalls: [{ name: 'list_courses', arguments: {} }] }
        : { text: 'AIテスト カットは3,000円です。' };
    const response = await demo.post('/api/ai/drafts', { friend_id: friend!.id });
    expect(response.statusCode, response.body).toBe(200);
    const draft = response.json() as AiAnswer;
    expect(draft.outcome).toBe('blocked');
    const [thread] = await t.app.db
      .select({ state: chatThreads.state })
      .from(chatThreads)
      .where(eq(chatThreads.memberId, friend!.id));
    expect(thread!.state).toBe('unhandled');
    const notices = await demo.get('/api/staff_notifications');
    expect(notices.body).toContain('スタッフに引き継ぎました');
    // Nothing was sent to the friend: no outgoing message in the chat.
    const outgoing = await t.app.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.memberId, friend!.id), eq(chatMessages.direction, 'out')));
    expect(outgoing).toEqual([]);
    // Another account cannot ask for a draft for this friend.
    expect((await other.post('/api/ai/drafts', { friend_id: friend!.id })).statusCode).toBe(404);
  });

  it('a hand-off keyword (返金) or a question outside the knowledge is handed off', async () => {
    const before = fake.requests.length;
    const refund = await preview('返金してください');
    expect(refund).toMatchObject({ outcome: 'handed_off', answer: '' });
    expect(refund.reason).toContain('返金');
    expect(fake.requests.length).toBe(before);
    fake.script = () => ({ text: '[[HANDOFF]]' });
    expect((await preview('駐車場の台数は？')).outcome).toBe('handed_off');
  });

  it('budget exhausted: no request reaches the model, the question is handed off', async () => {
    await demo.put('/api/ai/settings', settingsBody({ budget_yen_month: 1 }));
    const settings = (await demo.get('/api/ai/settings')).json() as AiSettings;
    expect(settings.spent_yen_month).toBeGreaterThanOrEqual(1);
    const before = fake.requests.length;
    const answer = await preview('今日15時空いてますか');
    expect(answer.outcome).toBe('handed_off');
    expect(answer.reason).toContain('予算');
    expect(fake.requests.length).toBe(before);
    await demo.put('/api/ai/settings', settingsBody({ budget_yen_month: 1000 }));
  });

  it('tenancy: another account sees its own defaults and an empty log', async () => {
    const theirs = (await other.get('/api/ai/settings')).json() as AiSettings;
    expect(theirs.has_api_key).toBe(false);
    expect(theirs.base_url).toBeNull();
    expect(theirs.spent_yen_month).toBe(0);
    expect((await other.get('/api/ai/runs')).json().runs).toEqual([]);
    const before = fake.requests.length;
    expect((await preview('営業時間は？', other)).outcome).toBe('handed_off');
    expect(fake.requests.length).toBe(before);
  });

  it('writing help returns a text checked by the template rules', async () => {
    fake.script = () => ({ text: '年末年始のお知らせです。12/29〜1/3はお休みをいただきます。' });
    const response = await demo.post('/api/ai/writing', {
      instruction: '年末年始の休業のお知らせ',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      text: '年末年始のお知らせです。12/29〜1/3はお休みをいただきます。',
      problems: [],
    });
  });

  it('writing help is refused (403) to an operator who may write neither templates nor お知らせ', async () => {
    const before = fake.requests.length;
    const response = await staff.post('/api/ai/writing', {
      instruction: '年末年始の休業のお知らせ',
    });
    expect(response.statusCode).toBe(403);
    expect(fake.requests.length).toBe(before);
  });
});
