import { screen, within } from '@testing-library/react';
import type { AiKnowledgeDraft, AiSettings } from '@tsunagu/contracts';
import { describe, expect, it } from 'vitest';
import { reply, type FakeHandler } from '@test/fake-api';
import { renderWithProviders } from '@test/render-with-providers';
import { PREVIEW_OWNER_TEXT } from '../components/preview-box';
import { AiSettingsPage } from './ai-settings-page';

const saved: AiSettings = {
  provider: 'openai',
  model: 'gpt-4o-mini',
  base_url: null,
  has_api_key: true,
  features: { drafts: true, auto_reply: false, writing: false },
  auto_reply_when: 'outside_hours',
  budget_yen_month: 1000,
  spent_yen_month: 0,
  unknown_model_price: { input: 500, output: 2000 },
  tone: '',
  samples: [],
  qas: [{ question: '駐車場はありますか', answer: '店舗前に2台あります' }],
  handoff_keywords: ['クレーム'],
  model_priced: true,
};

const drafted: AiKnowledgeDraft = {
  drafts: [
    { question: 'カットの料金は？', answer: 'カットは5,500円（60分）です。' },
    { question: '定休日は？', answer: '水曜日です。' },
    { question: '予約方法は？', answer: '予約ページからどうぞ。' },
  ],
  dropped: [{ question: 'パーマの料金は？', figures: ['3,000円'] }],
  tools: [],
  run_id: 7,
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

describe('生成AI設定: お店の情報から下書き', () => {
  it('the owner reviews the drafts (edit one, remove one), adds the kept ones, and only 保存する saves them', async () => {
    let puts: Record<string, unknown>[] = [];
    const app = renderPage({
      'POST /api/ai/knowledge/draft': () => reply(200, drafted),
      'PUT /api/ai/settings': (request) => {
        puts = [...puts, request.body as Record<string, unknown>];
        return reply(200, saved);
      },
    });
    const form = await screen.findByRole('form', { name: '生成AI設定' });
    await app.user.click(within(form).getByRole('button', { name: 'お店の情報から下書き' }));
    const review = await within(form).findByRole('region', { name: 'Q&Aの下書き' });
    // The pair with an invented price is not offered, only named with the figure.
    expect(within(review).getByText('パーマの料金は？（3,000円）')).toBeVisible();
    expect(within(review).queryByDisplayValue(/3,000円/)).toBeNull();
    expect(within(review).getByLabelText('下書きの回答1')).toHaveValue(
      'カットは5,500円（60分）です。',
    );

    const answer2 = within(review).getByLabelText('下書きの回答2');
    await app.user.clear(answer2);
    await app.user.type(answer2, '毎週水曜日が定休日です。');
    await app.user.click(within(review).getByRole('button', { name: '下書き3を除く' }));
    expect(within(review).queryByLabelText('下書きの質問3')).toBeNull();
    await app.user.click(
      within(review).getByRole('button', { name: '残した下書きをQ&Aに追加（2件）' }),
    );
    expect(within(form).queryByRole('region', { name: 'Q&Aの下書き' })).toBeNull();
    expect(within(form).getByText(/2件をQ&Aに追加しました/)).toBeVisible();
    // In the list, not yet saved.
    expect(within(form).getByLabelText('質問2')).toHaveValue('カットの料金は？');
    expect(within(form).getByLabelText('回答3')).toHaveValue('毎週水曜日が定休日です。');
    expect(puts).toEqual([]);

    await app.user.click(within(form).getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('生成AI設定を保存しました')).toBeVisible();
    expect(puts).toHaveLength(1);
    expect(puts[0]!.qas).toEqual([
      { question: '駐車場はありますか', answer: '店舗前に2台あります' },
      { question: 'カットの料金は？', answer: 'カットは5,500円（60分）です。' },
      { question: '定休日は？', answer: '毎週水曜日が定休日です。' },
    ]);
  });

  it('discarding the drafts adds nothing; a refusal (budget) is shown in Japanese', async () => {
    let calls = 0;
    const app = renderPage({
      'POST /api/ai/knowledge/draft': () => {
        calls += 1;
        return calls === 1
          ? reply(200, drafted)
          : reply(409, { message: '今月の予算の上限に達したため、AIを呼び出していません' });
      },
    });
    const form = await screen.findByRole('form', { name: '生成AI設定' });
    await app.user.click(within(form).getByRole('button', { name: 'お店の情報から下書き' }));
    const review = await within(form).findByRole('region', { name: 'Q&Aの下書き' });
    await app.user.click(within(review).getByRole('button', { name: '下書きを破棄' }));
    expect(within(form).queryByLabelText('質問2')).toBeNull();
    await app.user.click(within(form).getByRole('button', { name: 'お店の情報から下書き' }));
    expect(
      await within(form).findByText('今月の予算の上限に達したため、AIを呼び出していません'),
    ).toBeVisible();
  });

  it('others have neither the draft button nor a usable 試す', async () => {
    renderPage({}, false);
    const form = await screen.findByRole('form', { name: '生成AI設定' });
    expect(within(form).queryByRole('button', { name: 'お店の情報から下書き' })).toBeNull();
    const box = screen.getByRole('region', { name: '試す' });
    expect(within(box).getByText(PREVIEW_OWNER_TEXT)).toBeVisible();
    expect(within(box).getByLabelText('質問')).toBeDisabled();
    expect(within(box).getByRole('button', { name: '試す' })).toBeDisabled();
  });
});
