import type { AiKnowledgeDraft, AiSettings } from '@tsunagu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeModel,
  type FakeModel,
  type FakeModelRequest,
} from '../../../test/fakes/fake-model.js';
import { databaseKind, type TestApp } from '../../../test/helpers/test-app.js';
import { createCourse, openSalonTest, type Client } from '../../../test/salon/fixtures.js';

interface ShopData {
  list_courses: { courses: { name: string; price: string; duration_minutes: number }[] };
  opening_hours: { days: { open: boolean; from: string | null; to: string | null }[] };
  booking_url: { url: string | null };
  common_info: { items: unknown[] };
}

/** The shop's data the server put in the prompt (what the fake drafts from). */
function shopDataIn(request: FakeModelRequest): ShopData {
  const user = request.body.messages.find((message) => message.role === 'user')!;
  const text =
    typeof user.content === 'string'
      ? user.content
      : (user.content as { text?: string }[]).map((part) => part.text ?? '').join('');
  return JSON.parse(text.slice(text.indexOf('{'))) as ShopData;
}

/**
 * 「お店の情報から下書き」 (decision 0480) through the real route and database with a fake model
 * on loopback: drafts come from the shop's data, an invented figure is dropped, the budget is
 * checked before any call, nothing is saved, and only the owner may ask (decision 0481: 試す too).
 */
describe(`Q&Aの下書き (${databaseKind})`, () => {
  let t: TestApp;
  let demo: Client;
  let staff: Client;
  let fake: FakeModel;

  const settingsBody = (overrides: Record<string, unknown> = {}) => ({
    provider: 'openai-compatible',
    model: 'fake-model',
    base_url: fake.url,
    features: { drafts: true, auto_reply: false, writing: true },
    budget_yen_month: 1000,
    qas: [{ question: '駐車場はありますか', answer: '店舗前に2台あります' }],
    ...overrides,
  });
  const draft = async () => {
    const response = await demo.post('/api/ai/knowledge/draft', {});
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AiKnowledgeDraft;
  };

  beforeAll(async () => {
    fake = await startFakeModel();
    let salonId: number;
    ({ t, demo, staff, salonId } = await openSalonTest({}));
    await createCourse(demo, salonId, { name: '下書きテスト カット', duration: 60, price: 5500 });
    const saved = await demo.put('/api/ai/settings', settingsBody());
    expect(saved.statusCode, saved.body).toBe(200);
  }, 300_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('drafts Q&A from the tool results: the course priced 5,500円 appears as 5,500円; nothing is saved', async () => {
    fake.script = (request) => {
      const data = shopDataIn(request);
      const course = data.list_courses.courses.find((c) => c.name === '下書きテスト カット')!;
      return {
        text: JSON.stringify([
          {
            question: `${course.name}の料金はいくらですか`,
            answer: `${course.name}は${course.price}（${course.duration_minutes}分）です。`,
          },
          // Already in the list: not offered again.
          { question: '駐車場はありますか', answer: 'あります' },
        ]),
      };
    };
    const before = fake.requests.length;
    const result = await draft();
    expect(fake.requests.length).toBe(before + 1);
    expect(result.drafts).toEqual([
      {
        question: '下書きテスト カットの料金はいくらですか',
        answer: '下書きテスト カットは5,500円（60分）です。',
      },
    ]);
    expect(result.dropped).toEqual([]);
    expect(result.tools.map((call) => call.name)).toEqual([
      'list_courses',
      'opening_hours',
      'booking_url',
      'common_info',
    ]);
    // Free slots change by the hour: never read for a Q&A.
    expect(JSON.stringify(fake.requests.at(-1)!.body)).not.toContain('free_slots');
    // Nothing saved without the owner: the list is as it was.
    const settings = (await demo.get('/api/ai/settings')).json() as AiSettings;
    expect(settings.qas).toEqual([
      { question: '駐車場はありますか', answer: '店舗前に2台あります' },
    ]);
    // Logged as a run that counts against the month's budget.
    const [run] = (await demo.get('/api/ai/runs')).json().runs;
    expect(run).toMatchObject({ id: result.run_id, kind: 'knowledge', outcome: 'drafted' });
    expect(run.cost_yen).toBeGreaterThan(0);
    expect(settings.spent_yen_month).toBeCloseTo(run.cost_yen);
  });

  it('a drafted answer with an invented price (3,000円) or time is dropped, never offered', async () => {
    fake.script = () => ({
      text: [
        '下書きです。',
        '```json',
        JSON.stringify([
          { question: 'カットはいくらですか', answer: '下書きテスト カットは３，０００円です。' },
          { question: '何時に開きますか', answer: '朝7時半から営業しています。' },
          { question: '予約はどうすればいいですか', answer: 'LINEの予約ページからどうぞ。' },
        ]),
        '```',
      ].join('\n'),
    });
    const result = await draft();
    expect(result.drafts).toEqual([
      { question: '予約はどうすればいいですか', answer: 'LINEの予約ページからどうぞ。' },
    ]);
    expect(result.dropped).toEqual([
      { question: 'カットはいくらですか', figures: ['3,000円'] },
      { question: '何時に開きますか', figures: ['07:30'] },
    ]);
    expect(JSON.stringify(result.drafts)).not.toContain('3,000');
    const [run] = (await demo.get('/api/ai/runs')).json().runs;
    expect(run.reason).toContain('3,000円');
  });

  it('staff get 403 in Japanese for the draft and for 試す; no model call', async () => {
    const before = fake.requests.length;
    const drafted = await staff.post('/api/ai/knowledge/draft', {});
    expect(drafted.statusCode).toBe(403);
    expect(drafted.json().message).toBe('Q&Aの下書きにはオーナー権限が必要です');
    const tried = await staff.post('/api/ai/preview', { question: '営業時間は？' });
    expect(tried.statusCode).toBe(403);
    expect(tried.json().message).toBe(
      '自動応答を試すにはオーナー権限が必要です（お店のAI予算を使うため）',
    );
    expect(fake.requests.length).toBe(before);
    // The owner may still try.
    fake.script = () => ({ text: '[[HANDOFF]]' });
    expect((await demo.post('/api/ai/preview', { question: '営業時間は？' })).statusCode).toBe(200);
  });

  it('budget exhausted: a clear Japanese refusal and no call to the model', async () => {
    await demo.put('/api/ai/settings', settingsBody({ budget_yen_month: 0 }));
    const before = fake.requests.length;
    const response = await demo.post('/api/ai/knowledge/draft', {});
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('今月の予算の上限に達したため、AIを呼び出していません');
    expect(fake.requests.length).toBe(before);
  });
});
