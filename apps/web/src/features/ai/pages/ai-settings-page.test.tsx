import { screen, within } from '@testing-library/react';
import { AI_PROVIDER_LABELS, type AiAnswer, type AiSettings } from '@tsunagu/contracts';
import { describe, expect, it } from 'vitest';
import { reply, type FakeHandler } from '@test/fake-api';
import { renderWithProviders } from '@test/render-with-providers';
import { AI_READ_ONLY_TEXT, AiSettingsPage } from './ai-settings-page';

const saved: AiSettings = {
  provider: 'openai',
  model: 'gpt-4o-mini',
  base_url: null,
  has_api_key: true,
  features: { drafts: true, auto_reply: false, writing: false },
  auto_reply_when: 'outside_hours',
  budget_yen_month: 1000,
  spent_yen_month: 250,
  unknown_model_price: { input: 500, output: 2000 },
  tone: '',
  samples: [],
  qas: [],
  handoff_keywords: ['クレーム', '返金'],
  model_priced: true,
};

function renderPage(api: Record<string, FakeHandler>, canManage = true) {
  return renderWithProviders(
    [
      {
        path: '/line/ai-service-account',
        element: <AiSettingsPage title="生成AI設定" canManage={canManage} />,
      },
    ],
    '/line/ai-service-account',
    {
      'GET /api/ai/settings': () => reply(200, saved),
      'GET /api/ai/runs': () => reply(200, { runs: [] }),
      ...api,
    },
  );
}

describe('生成AI設定 screen', () => {
  it('shows the key as 設定済み (never its value) and the budget meter; saving sends the form without a key unless typed', async () => {
    let sent: Record<string, unknown> | undefined;
    const app = renderPage({
      'PUT /api/ai/settings': (request) => {
        sent = request.body as Record<string, unknown>;
        return reply(200, { ...saved, budget_yen_month: 3000 });
      },
    });
    const form = await screen.findByRole('form', { name: '生成AI設定' });
    expect(within(form).getByLabelText('APIキー')).toHaveValue('');
    expect(within(form).getByText(/^設定済み/)).toBeVisible();
    expect(within(form).getByText('今月の利用額 250円 / 予算 1,000円')).toBeVisible();

    const budget = within(form).getByLabelText('月の予算（円）');
    await app.user.clear(budget);
    await app.user.type(budget, '3000');
    await app.user.click(within(form).getByRole('button', { name: 'Q&Aを追加' }));
    await app.user.type(within(form).getByLabelText('質問1'), '駐車場はありますか');
    await app.user.type(within(form).getByLabelText('回答1'), '店舗前に2台あります');
    await app.user.click(within(form).getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('生成AI設定を保存しました')).toBeVisible();
    expect(sent).toMatchObject({
      provider: 'openai',
      model: 'gpt-4o-mini',
      budget_yen_month: 3000,
      qas: [{ question: '駐車場はありますか', answer: '店舗前に2台あります' }],
      handoff_keywords: ['クレーム', '返金'],
    });
    expect(sent).not.toHaveProperty('api_key');
  });

  it('checks the fields in Japanese before sending: OpenAI互換 needs a base URL, the budget a number', async () => {
    let calls = 0;
    const app = renderPage({
      'PUT /api/ai/settings': () => {
        calls += 1;
        return reply(200, saved);
      },
    });
    const form = await screen.findByRole('form', { name: '生成AI設定' });
    await app.user.click(within(form).getByRole('combobox', { name: 'プロバイダー' }));
    await app.user.click(
      within(form).getByRole('option', { name: AI_PROVIDER_LABELS['openai-compatible'] }),
    );
    await app.user.click(within(form).getByRole('button', { name: '保存する' }));
    expect(within(form).getByText('OpenAI互換ではベースURLを入力してください')).toBeVisible();
    await app.user.type(within(form).getByLabelText(/ベースURL/), 'http://127.0.0.1:8080/v1');
    await app.user.clear(within(form).getByLabelText('月の予算（円）'));
    await app.user.click(within(form).getByRole('button', { name: '保存する' }));
    expect(within(form).getByText(/月の予算は0〜/)).toBeVisible();
    expect(calls).toBe(0);
  });

  it('試す shows the answer, the outcome and the tools called', async () => {
    const answer: AiAnswer = {
      answer: 'カットは3,000円です。',
      outcome: 'blocked',
      tools: [
        { name: 'list_courses', result: { courses: [{ name: 'カット', price: '5,500円' }] } },
      ],
      reason: 'ツールの結果にない金額・日時を含みます（3,000円）',
      run_id: 1,
    };
    const app = renderPage({ 'POST /api/ai/preview': () => reply(200, answer) });
    const box = await screen.findByRole('region', { name: '試す' });
    await app.user.type(within(box).getByLabelText('質問'), 'カットはいくら？');
    await app.user.click(within(box).getByRole('button', { name: '試す' }));
    expect(await within(box).findByText('ブロック（引き継ぎ）')).toBeVisible();
    expect(within(box).getByText('カットは3,000円です。')).toBeVisible();
    expect(within(box).getByText(answer.reason!)).toBeVisible();
    expect(within(box).getByText('コースと料金')).toBeVisible();
  });

  it('others read the settings under the read-only notice, with no save button', async () => {
    renderPage({}, false);
    expect(await screen.findByText(AI_READ_ONLY_TEXT)).toBeVisible();
    const form = await screen.findByRole('form', { name: '生成AI設定' });
    expect(within(form).getByLabelText('モデル')).toBeDisabled();
    expect(within(form).queryByRole('button', { name: '保存する' })).toBeNull();
  });
});
