import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { makeSession } from '@test/fixtures';
import { renderApp } from '@test/render-app';
import { renderTel } from '@test/render-tel';
import { makeTelTemplate } from '@test/tel-fixtures';

const listApi = {
  'GET /api/tel/template/list': () =>
    reply(200, [makeTelTemplate({ id: 5, name: 'ご来店リマインド' })]),
};
const nameBox = () => screen.getByLabelText('テンプレート名');
const bodyBox = () => screen.getByLabelText('本文（JSON）');
// The body opens in the simple form (decision 0086); these tests write JSON.
const jsonMode = () => screen.getByRole('button', { name: 'JSON' });
const submit = () => screen.getByRole('button', { name: '登録' });
const toasts = () =>
  screen.getAllByRole('alert').map((toast) => toast.querySelector('.toast__message')?.textContent);

describe('TelTemplateListPage', () => {
  it('TEL-63 TEL-64 /line/tel/template lists id, name and created date from GET /api/tel/template/list', async () => {
    const app = renderApp('/line/tel/template', { session: makeSession(), api: listApi });
    expect(
      await screen.findByRole('heading', { level: 1, name: '通知メッセージテンプレート' }),
    ).toBeVisible();
    const table = await screen.findByRole('table', { name: 'テンプレート一覧' });
    // The table is drawn with its loading row first; wait for the template's row.
    await within(table).findByRole('cell', { name: 'ご来店リマインド' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['ID', 'テンプレート名', '作成日時']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['5', 'ご来店リマインド', '2025/05/01 09:30']);
    expect(app.calls.filter((call) => call.path === '/api/tel/template/list')).toHaveLength(1);
    expect(screen.getByRole('link', { name: '通知メッセージ一覧に戻る' })).toHaveAttribute(
      'href',
      '/line/tel',
    );
  });

  it('TEL-65 the new-registration button goes to /line/tel/template/register', async () => {
    const app = renderTel('/line/tel/template', listApi);
    await app.user.click(screen.getByRole('link', { name: '新規登録' }));
    expect(app.location()).toBe('/line/tel/template/register');
  });
});

describe('TelTemplateRegisterPage', () => {
  it('TEL-66 TEL-67 /line/tel/template/register is a form for name and body', async () => {
    const app = renderApp('/line/tel/template/register', { session: makeSession() });
    expect(
      await screen.findByRole('heading', { level: 1, name: '通知メッセージテンプレート登録' }),
    ).toBeVisible();
    expect(nameBox()).toBeVisible();
    expect(screen.getByLabelText('メッセージ1').tagName).toBe('TEXTAREA');
    await app.user.click(jsonMode());
    expect(bodyBox().tagName).toBe('TEXTAREA');
  });

  it('TEL-68 POSTs {name, body}, then the template list says 登録しました', async () => {
    const body = '{"type":"text","text":"[param_1] 様\\n[param_10]"}';
    const app = renderTel('/line/tel/template/register', {
      ...listApi,
      'POST /api/tel/template/register': () => reply(201, { id: 6 }),
    });
    await app.user.type(nameBox(), '新メニューのご案内');
    await app.user.click(jsonMode());
    bodyBox().focus();
    await app.user.paste(body);
    await app.user.click(submit());
    await waitFor(() => expect(app.location()).toBe('/line/tel/template'));
    expect(app.callsTo('POST', '/api/tel/template/register').map((call) => call.body)).toEqual([
      { name: '新メニューのご案内', body },
    ]);
    expect(await screen.findByText('登録しました')).toBeVisible();
  });

  it('TEL-69 a body that is not JSON is refused before sending', async () => {
    const app = renderTel('/line/tel/template/register');
    await app.user.type(nameBox(), 'お知らせ');
    await app.user.click(jsonMode());
    bodyBox().focus();
    await app.user.paste('こんにちは [param_1] 様');
    await app.user.click(submit());
    expect(await screen.findAllByText('本文はJSON形式で入力してください')).not.toHaveLength(0);
    expect(toasts()).toContain('本文はJSON形式で入力してください');
    expect(app.callsTo('POST', '/api/tel/template/register')).toHaveLength(0);
  });

  it('TEL-70 [param_1]..[param_10] are accepted, [param_11] is not', async () => {
    const app = renderTel('/line/tel/template/register');
    await app.user.type(nameBox(), 'お知らせ');
    await app.user.click(jsonMode());
    bodyBox().focus();
    await app.user.paste('{"type":"text","text":"[param_1] [param_11]"}');
    await app.user.click(submit());
    expect(toasts().join()).toContain('[param_11]');
    expect(app.callsTo('POST', '/api/tel/template/register')).toHaveLength(0);
  });

  it('TEL-71 server errors show one toast per field, messages joined by a newline', async () => {
    const app = renderTel('/line/tel/template/register', {
      'POST /api/tel/template/register': () =>
        reply(422, {
          message: '入力内容に誤りがあります',
          errors: { name: ['名前が重複しています'], body: ['一つ目の問題', '二つ目の問題'] },
        }),
    });
    await app.user.type(nameBox(), 'お知らせ');
    await app.user.click(jsonMode());
    bodyBox().focus();
    await app.user.paste('{"type":"text","text":"a"}');
    await app.user.click(submit());
    await waitFor(() =>
      expect(toasts()).toEqual(['名前が重複しています', '一つ目の問題\n二つ目の問題']),
    );
  });

  it('TEL-72 a failure without errors shows エラーが発生しました', async () => {
    const app = renderTel('/line/tel/template/register', {
      'POST /api/tel/template/register': () => reply(500, { message: 'サーバーエラー' }),
    });
    await app.user.type(nameBox(), 'お知らせ');
    await app.user.click(jsonMode());
    bodyBox().focus();
    await app.user.paste('{"type":"text","text":"a"}');
    await app.user.click(submit());
    await waitFor(() => expect(toasts()).toEqual(['エラーが発生しました']));
  });
});
