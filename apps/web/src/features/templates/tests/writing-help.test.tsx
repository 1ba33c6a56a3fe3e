import type { AiSettings } from '@tsunagu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { WRITING_HELP_TEXT } from '../components/writing-help';
import { callsTo, renderTemplates } from './template-fixtures';

const NEW = '/vue3-dev/line/template/new?group=1';
const message = (n: number) => screen.getByRole('group', { name: `${n}つ目のメッセージ` });

const settings = (writing: boolean): AiSettings => ({
  provider: 'openai',
  model: 'gpt-4o-mini',
  base_url: null,
  has_api_key: true,
  features: { drafts: false, auto_reply: false, writing },
  auto_reply_when: 'outside_hours',
  budget_yen_month: 1000,
  spent_yen_month: 0,
  unknown_model_price: { input: 500, output: 2000 },
  tone: '',
  samples: [],
  qas: [],
  handoff_keywords: [],
  model_priced: true,
});

const SALE = '年末セールのお知らせです🎉 全品10%オフ、12/20まで！';

describe('「AIで文を作る」 in the template editor (issue 31)', () => {
  it('asks with the tone, length and emoji chosen; the accepted text is what the template saves', async () => {
    const app = renderTemplates(NEW, {
      'GET /api/ai/settings': () => reply(200, settings(true)),
      'POST /api/ai/writing': () => reply(200, { text: SALE, problems: [] }),
      'POST /api/templates': () => reply(201, { id: 9, line_check: 'passed' }),
    });
    await app.user.type(await screen.findByLabelText('テンプレート名'), '年末セール');
    const first = message(1);
    await app.user.click(
      await within(first).findByRole('button', { name: WRITING_HELP_TEXT.open }),
    );
    const panel = within(first).getByRole('group', { name: WRITING_HELP_TEXT.open });

    // Nothing to write about: said in Japanese, nothing asked of the model.
    await app.user.click(within(panel).getByRole('button', { name: WRITING_HELP_TEXT.create }));
    expect(within(panel).getByText('作りたい文章の内容を入力してください')).toBeVisible();
    expect(callsTo(app, 'POST', '/api/ai/writing')).toHaveLength(0);

    await app.user.type(
      within(panel).getByLabelText(WRITING_HELP_TEXT.instruction),
      '年末セール、全品10%オフ、12/20まで',
    );
    await app.user.click(within(panel).getByRole('radio', { name: '親しみやすく' }));
    await app.user.click(within(panel).getByRole('radio', { name: '短め' }));
    await app.user.click(within(panel).getByRole('checkbox', { name: WRITING_HELP_TEXT.emoji }));
    await app.user.click(within(panel).getByRole('button', { name: WRITING_HELP_TEXT.create }));
    const result = await within(panel).findByRole('figure', { name: WRITING_HELP_TEXT.result });
    expect(within(result).getByText(SALE)).toBeVisible();
    expect(callsTo(app, 'POST', '/api/ai/writing')[0]?.body).toEqual({
      instruction: '年末セール、全品10%オフ、12/20まで',
      tone: 'casual',
      length: 'short',
      emoji: true,
    });
    // Shown only: the message is unchanged until the operator takes it.
    expect(within(first).getByRole('textbox', { name: '本文' })).toHaveValue('');

    await app.user.click(within(result).getByRole('button', { name: WRITING_HELP_TEXT.accept }));
    expect(within(first).getByRole('textbox', { name: '本文' })).toHaveValue(SALE);
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('テンプレートを作成しました')).toBeVisible();
    expect(callsTo(app, 'POST', '/api/templates')[0]?.body).toMatchObject({
      messages: [{ type: 'text', text: SALE }],
    });
  });

  it('a text the template rules refuse cannot be taken; the server refusing is said', async () => {
    let answer = 0;
    const app = renderTemplates(NEW, {
      'GET /api/ai/settings': () => reply(200, settings(true)),
      'POST /api/ai/writing': () =>
        (answer += 1) === 1
          ? reply(200, { text: 'x'.repeat(5001), problems: ['本文は5000文字以内にしてください'] })
          : reply(409, { message: '今月の予算の上限に達しました' }),
    });
    await screen.findByLabelText('テンプレート名');
    const first = message(1);
    await app.user.click(
      await within(first).findByRole('button', { name: WRITING_HELP_TEXT.open }),
    );
    const panel = within(first).getByRole('group', { name: WRITING_HELP_TEXT.open });
    await app.user.type(within(panel).getByLabelText(WRITING_HELP_TEXT.instruction), '長い案内');
    await app.user.click(within(panel).getByRole('button', { name: WRITING_HELP_TEXT.create }));
    const result = await within(panel).findByRole('figure', { name: WRITING_HELP_TEXT.result });
    expect(within(result).getByText('本文は5000文字以内にしてください')).toBeVisible();
    expect(within(result).getByRole('button', { name: WRITING_HELP_TEXT.accept })).toBeDisabled();
    expect(within(first).getByRole('textbox', { name: '本文' })).toHaveValue('');

    await app.user.click(within(panel).getByRole('button', { name: WRITING_HELP_TEXT.create }));
    expect(await within(panel).findByText('今月の予算の上限に達しました')).toBeVisible();
  });

  it('no button when 生成AI設定 does not offer writing help', async () => {
    const app = renderTemplates(NEW, {
      'GET /api/ai/settings': () => reply(200, settings(false)),
    });
    await screen.findByLabelText('テンプレート名');
    await waitFor(() => expect(callsTo(app, 'GET', '/api/ai/settings')).toHaveLength(1));
    expect(await within(message(1)).findByRole('button', { name: '差し込み' })).toBeVisible();
    expect(
      within(message(1)).queryByRole('button', { name: WRITING_HELP_TEXT.open }),
    ).not.toBeInTheDocument();
  });
});
