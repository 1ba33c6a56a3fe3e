import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../fixtures';
import { midWordBreaks, seriousViolations, sidewaysScroll } from '../page-checks';

// 「お店の情報から下書き」 on the built server (issue 31, decision 0480): a model on loopback
// speaking the OpenAI-compatible API drafts three pairs, one of them with a price the demo shop
// does not have; the owner sees the review on a phone and a desktop (nothing sideways, axe clean),
// keeps what is left and saves it with the settings.
const CSRF = { 'x-requested-with': 'XMLHttpRequest' };
const INVENTED = 'パーマは3,333円です。';
const KEPT = {
  question: '予約はどうすればいいですか',
  answer: '予約ページからご予約いただけます。',
};

let model: http.Server;
let modelUrl = '';

test.beforeAll(async () => {
  model = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const content = JSON.stringify([KEPT, { question: 'パーマの料金は？', answer: INVENTED }]);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: 'chatcmpl-e2e',
          object: 'chat.completion',
          created: 0,
          model: 'fake-model',
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1000, completion_tokens: 200, total_tokens: 1200 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
  modelUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`;
});
test.afterAll(() => new Promise<void>((resolve) => model.close(() => resolve())));

test.use({ signedInAs: 'demo' });

test('the owner reviews Q&A drafted from the shop: the invented price is left out, the kept one is saved', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const before = await (await page.request.get('/api/ai/settings')).json();
  const saved = await page.request.put('/api/ai/settings', {
    headers: CSRF,
    data: {
      provider: 'openai-compatible',
      model: 'fake-model',
      base_url: modelUrl,
      features: before.features,
      budget_yen_month: 1000,
      qas: before.qas,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/line/ai-service-account');
  const form = page.getByRole('form', { name: '生成AI設定' });
  await form.getByRole('button', { name: 'お店の情報から下書き', exact: true }).click();
  const review = form.getByRole('region', { name: 'Q&Aの下書き' });
  await expect(review.getByText('パーマの料金は？（3,333円）')).toBeVisible();
  await expect(review.getByRole('textbox', { name: '下書きの回答1', exact: true })).toHaveValue(
    KEPT.answer,
  );
  await expect(review.getByRole('textbox', { name: '下書きの回答2', exact: true })).toHaveCount(0);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await sidewaysScroll(page), `sideways at ${width} px`).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await midWordBreaks(review, 'h3, label, .btn')).toEqual([]);
  }

  await review.getByRole('button', { name: '残した下書きをQ&Aに追加（1件）' }).click();
  await form.getByRole('button', { name: '保存する', exact: true }).click();
  await expect(page.getByText('生成AI設定を保存しました')).toBeVisible();
  const after = await (await page.request.get('/api/ai/settings')).json();
  expect(after.qas).toEqual([...before.qas, KEPT]);
  expect(JSON.stringify(after.qas)).not.toContain(INVENTED);
});
