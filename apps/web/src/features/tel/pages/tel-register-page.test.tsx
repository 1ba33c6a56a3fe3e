import { TEL_PARAM_KEYS } from '@tsunagu/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { makeSession } from '@test/fixtures';
import { renderApp } from '@test/render-app';
import { renderTel } from '@test/render-tel';
import { makeTelOrder, makeTelTemplate } from '@test/tel-fixtures';
import { TEL_FLASH_KEYS } from '../flash';
import { sampleRegisterValues } from '../register-defaults';
import { SAMPLE_TEXT } from '../register-samples';
import { LEAVE_TEXT } from '@/ui/leave-guard';

const templates = [
  makeTelTemplate({ id: 1, name: 'ご予約確認' }),
  makeTelTemplate({ id: 5, name: 'A' }),
];
const baseApi = {
  'GET /api/tel/template/list': () => reply(200, templates),
  'GET /api/tel/list': () => reply(200, [makeTelOrder({ id: 42 })]),
};
const submit = () => screen.getByRole('button', { name: '登録' });
type App = ReturnType<typeof renderTel>;
/** 登録 with some sample values left: the form asks, and the test goes ahead. */
async function submitKeepingSamples(app: App) {
  await app.user.click(submit());
  const ask = await screen.findByRole('alertdialog', { name: SAMPLE_TEXT.confirmTitle });
  await app.user.click(within(ask).getByRole('button', { name: SAMPLE_TEXT.confirm }));
}

describe('TelRegisterPage', () => {
  afterEach(() => sessionStorage.clear());

  it('TEL-43 /line/tel/register is TelRegisterPage: tel, date, time, template_id and param_1..param_10', async () => {
    renderApp('/line/tel/register', { session: makeSession(), api: baseApi });
    expect(
      await screen.findByRole('heading', { level: 1, name: '通知メッセージ個別登録' }),
    ).toBeVisible();
    expect(screen.getByLabelText('電話番号')).toBeVisible();
    expect(screen.getByRole('textbox', { name: '送信日' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: '送信時刻' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'テンプレート' })).toBeVisible();
    for (const key of TEL_PARAM_KEYS) expect(screen.getByLabelText(key)).toBeVisible();
  });

  it('TEL-44 template choices come from the template list as id:name', async () => {
    const app = renderTel('/line/tel/register', baseApi);
    const select = screen.getByRole('combobox', { name: 'テンプレート' });
    await waitFor(() => expect(select).toHaveTextContent('5:A'));
    await app.user.click(select);
    const names = screen.getAllByRole('option').map((option) => option.textContent);
    expect(names).toEqual(['1:ご予約確認', '5:A']);
    expect(app.callsTo('GET', '/api/tel/template/list')).toHaveLength(1);
  });

  it('TEL-45 the form starts with sample values, template_id 5', async () => {
    renderTel('/line/tel/register', baseApi);
    const sample = sampleRegisterValues();
    expect(sample.template_id).toBe(5);
    expect(screen.getByLabelText('電話番号')).toHaveValue(sample.tel);
    expect(screen.getByRole('textbox', { name: '送信時刻' })).toHaveValue('10:00');
    expect(screen.getByRole('textbox', { name: '送信日' })).toHaveValue(
      sample.date.replaceAll('-', '/'),
    );
    expect(screen.getByLabelText('param_1')).toHaveValue('山田 花子');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'テンプレート' })).toHaveTextContent('5:A'),
    );
  });

  it('TEL-46 TEL-47 POSTs {tel, date, time, template_id, params}; the list then says 登録しました and highlights the order', async () => {
    const app = renderTel('/line/tel/register', {
      ...baseApi,
      'POST /api/tel/register': () => reply(201, { id: 42 }),
    });
    await app.user.clear(screen.getByLabelText('param_2'));
    await app.user.type(screen.getByLabelText('param_2'), 'つなぐ美容室');
    await submitKeepingSamples(app);
    await waitFor(() => expect(app.location()).toBe('/line/tel'));
    const sample = sampleRegisterValues();
    const [call] = app.callsTo('POST', '/api/tel/register');
    expect(call!.body).toEqual({
      tel: sample.tel,
      date: sample.date,
      time: '10:00',
      template_id: 5,
      params: { ...sample.params, param_2: 'つなぐ美容室' },
    });
    expect(Object.keys((call!.body as { params: object }).params)).toEqual([...TEL_PARAM_KEYS]);
    expect(await screen.findByText('登録しました')).toBeVisible();
    await waitFor(() =>
      expect(
        document
          .querySelector('a[href="/line/tel/list/42"]')
          ?.closest('tr')
          ?.querySelector('[data-highlighted]'),
      ).not.toBeNull(),
    );
    expect(sessionStorage.getItem(TEL_FLASH_KEYS.recentOrderId)).toBeNull();
  });

  it('TEL-48 an HTTP error shows the server message and its field errors', async () => {
    const app = renderTel('/line/tel/register', {
      ...baseApi,
      'POST /api/tel/register': () =>
        reply(422, {
          message: '入力内容に誤りがあります',
          errors: { tel: ['電話番号が正しくありません'] },
        }),
    });
    await submitKeepingSamples(app);
    expect(await screen.findByRole('alert')).toHaveTextContent('入力内容に誤りがあります');
    expect(screen.getByText('電話番号が正しくありません')).toBeVisible();
    expect(app.location()).toBe('/line/tel/register');
  });

  it('TEL-49 a failure that is not an HTTP error shows エラーが発生しました', async () => {
    const app = renderTel('/line/tel/register', baseApi);
    app.fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      if (String(input).endsWith('/api/tel/register')) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(templates), { status: 200 });
    });
    await submitKeepingSamples(app);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^エラーが発生しました/);
    expect(app.location()).toBe('/line/tel/register');
  });

  it('a phone number the server would refuse is flagged before sending', async () => {
    const app = renderTel('/line/tel/register', baseApi);
    await app.user.clear(screen.getByLabelText('電話番号'));
    await app.user.type(screen.getByLabelText('電話番号'), '12');
    await app.user.click(submit());
    expect(await screen.findByText('電話番号が正しくありません')).toBeVisible();
    expect(app.callsTo('POST', '/api/tel/register')).toHaveLength(0);
  });

  it('TEL-45 the sample values are marked 見本, and a notice says they are samples', async () => {
    const app = renderTel('/line/tel/register', baseApi);
    expect(screen.getByText(SAMPLE_TEXT.notice)).toBeVisible();
    const marks = () => screen.queryAllByText(SAMPLE_TEXT.tag, { selector: '.sample-tag' });
    // tel, date, time, template and param_1..param_4 start as the sample.
    expect(marks()).toHaveLength(8);
    const tel = screen.getByLabelText('電話番号');
    expect(tel.closest('.field')).toHaveTextContent(SAMPLE_TEXT.tag);
    await app.user.clear(tel);
    await app.user.type(tel, '08011112222');
    expect(tel.closest('.field')).not.toHaveTextContent(SAMPLE_TEXT.tag);
    expect(marks()).toHaveLength(7);
  });

  it('TEL-45 登録 with sample values unchanged asks first and names them; 入力に戻る sends nothing', async () => {
    const app = renderTel('/line/tel/register', baseApi);
    await app.user.click(submit());
    const ask = await screen.findByRole('alertdialog', { name: SAMPLE_TEXT.confirmTitle });
    expect(ask).toHaveTextContent(
      '次の項目が見本の値のままです：電話番号、送信日、送信時刻、テンプレート、param_1、param_2、param_3、param_4。',
    );
    expect(ask).toHaveTextContent('見本の電話番号あて');
    await app.user.click(within(ask).getByRole('button', { name: SAMPLE_TEXT.back }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(app.callsTo('POST', '/api/tel/register')).toHaveLength(0);
    expect(app.location()).toBe('/line/tel/register');
  });

  it('TEL-46 with every sample value replaced, 登録 sends at once', async () => {
    const app = renderTel('/line/tel/register', {
      ...baseApi,
      'POST /api/tel/register': () => reply(201, { id: 42 }),
    });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'テンプレート' })).toHaveTextContent('5:A'),
    );
    const replace = async (label: string, value: string) => {
      const field = screen.getByLabelText(label);
      await app.user.clear(field);
      await app.user.type(field, value);
    };
    await replace('電話番号', '08011112222');
    await replace('param_1', '佐藤 一郎');
    await replace('param_2', 'つなぐ美容室');
    await replace('param_3', '12月1日 11:00');
    await replace('param_4', 'カット');
    await replace('送信時刻', '11:30');
    await app.user.click(screen.getByRole('combobox', { name: 'テンプレート' }));
    await app.user.click(screen.getByRole('option', { name: '1:ご予約確認' }));
    const date = screen.getByRole('textbox', { name: '送信日' });
    await app.user.clear(date);
    await app.user.type(date, '2030/01/15{Enter}');
    expect(screen.queryByText(SAMPLE_TEXT.notice)).not.toBeInTheDocument();

    await app.user.click(submit());
    await waitFor(() => expect(app.location()).toBe('/line/tel'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(app.callsTo('POST', '/api/tel/register')[0]!.body).toMatchObject({
      tel: '08011112222',
      date: '2030-01-15',
      time: '11:30',
      template_id: 1,
    });
  });

  it('REF-17 a changed form asks before leaving; the untouched sample does not', async () => {
    const app = renderTel('/line/tel/register', baseApi);
    await act(() => app.router.navigate('/line/tel'));
    expect(app.location()).toBe('/line/tel');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await act(() => app.router.navigate('/line/tel/register'));
    await app.user.type(await screen.findByLabelText('param_5'), 'メモ');
    await act(() => app.router.navigate('/line/tel'));
    const ask = await screen.findByRole('alertdialog', { name: LEAVE_TEXT.title });
    await app.user.click(within(ask).getByRole('button', { name: LEAVE_TEXT.leave }));
    await waitFor(() => expect(app.location()).toBe('/line/tel'));
  });
});
