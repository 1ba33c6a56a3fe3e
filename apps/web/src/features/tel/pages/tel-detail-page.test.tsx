import type { TelMessage } from '@tsunagu/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reply, type FakeHandler } from '@test/fake-api';
import { makeSession } from '@test/fixtures';
import { renderApp } from '@test/render-app';
import { renderTel } from '@test/render-tel';
import { makeTelMessage } from '@test/tel-fixtures';
import { TEL_POLL_MS } from '../api/get-order-status';

const STATUS = '/api/tel/list/:id/status';

function detailApi(status: number, messages: TelMessage[] = [makeTelMessage()]) {
  let current = status;
  const api: Record<string, FakeHandler> = {
    'GET /api/tel/list/:id': () => reply(200, messages),
    [`GET ${STATUS}`]: () => reply(200, { status: current }),
    [`POST ${STATUS}`]: (request) => {
      current = (request.body as { status: number }).status;
      return reply(200, { status: current });
    },
  };
  return { api, set: (next: number) => (current = next) };
}

const statusText = () => screen.getByTestId('tel-order-status');
const orderButton = () => screen.getByRole('button', { name: '発注する' });
const cancelButton = () => screen.getByRole('button', { name: 'キャンセル' });
const table = () => screen.findByRole('table', { name: 'メッセージ一覧' });
/** Presses a status button and says yes in the confirmation it opens. */
async function pressAndConfirm(
  app: ReturnType<typeof renderTel>,
  button: HTMLElement,
  confirmLabel: string,
) {
  await app.user.click(button);
  const dialog = await screen.findByRole('alertdialog');
  await app.user.click(within(dialog).getByRole('button', { name: confirmLabel }));
}
/** The cells of a message row, once the messages (not the loading text) are shown. */
async function rowCells(index = 0) {
  const messages = await table();
  await waitFor(() => expect(messages.querySelector('tbody td.table__empty')).toBeNull());
  const row = messages.querySelectorAll('tbody tr')[index] as HTMLElement;
  return within(row).getAllByRole('cell');
}

describe('TelDetailListPage', () => {
  afterEach(() => vi.useRealTimers());

  it('TEL-20 /line/tel/list/{id} is TelDetailListPage titled 詳細・発注', async () => {
    const { api } = detailApi(0);
    renderApp('/line/tel/list/3', { session: makeSession(), api });
    expect(await screen.findByRole('heading', { level: 1, name: '詳細・発注' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('詳細・発注 | つなぐ'));
  });

  it('a malformed order id is not found', async () => {
    renderApp('/line/tel/list/abc', { session: makeSession() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ページが見つかりません' }),
    ).toBeVisible();
  });

  it('TEL-21 TEL-22 reads the status with GET /api/tel/list/{id}/status, 通信中... until it is known', async () => {
    let answer: (value: { status: number }) => void = () => {};
    const app = renderTel('/line/tel/list/3', {
      'GET /api/tel/list/:id': () => reply(200, []),
      [`GET ${STATUS}`]: () =>
        new Promise((resolve) => {
          answer = (body) => resolve(reply(200, body));
        }),
    });
    expect(statusText()).toHaveTextContent('通信中...');
    expect(orderButton()).toBeDisabled();
    expect(cancelButton()).toBeDisabled();
    await waitFor(() => expect(app.callsTo('GET', '/api/tel/list/3/status')).toHaveLength(1));
    act(() => answer({ status: 0 }));
    await waitFor(() => expect(statusText()).toHaveTextContent('下書き'));
  });

  it('TEL-23 TEL-24 TEL-25 loads the messages with GET /api/tel/list/{id} and shows every column', async () => {
    const { api } = detailApi(3, [
      makeTelMessage({
        id: 55,
        status: 3,
        sent_at: '2025-06-02T10:00:07+09:00',
        tel: '08011112222',
        template_id: 4,
      }),
    ]);
    const app = renderTel('/line/tel/list/3', api);
    await screen.findByText('080-1111-2222');
    const headers = within(await table())
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'ID',
      '送信予定日時',
      'ステータス',
      '送信日時',
      '電話番号',
      'テンプレート番号',
      '差し込みデータ',
      '結果',
      '送信内容',
    ]);
    const cells = await rowCells();
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '55',
      '2025/06/02 10:00',
      '送信済み',
      '2025/06/02 10:00',
      '080-1111-2222', // hyphens for reading; stored as digits (issue 10)
      '4',
      '差し込み1（param_1）: 山田差し込み2（param_2）: サロン青山',
      '-',
      '表示',
    ]);
    expect(app.callsTo('GET', '/api/tel/list/3')).toHaveLength(1);
  });

  it.each([1, 2, -2, -3] as const)(
    'TEL-26 the sent time is a dash for message status %i',
    async (status) => {
      const { api } = detailApi(2, [
        makeTelMessage({ status, sent_at: '2025-06-02T10:00:07+09:00' }),
      ]);
      renderTel('/line/tel/list/3', api);
      expect((await rowCells())[3]).toHaveTextContent(/^-$/);
    },
  );

  it('TEL-27 template id 0 is shown as 無効なテンプレート番号', async () => {
    const { api } = detailApi(0, [makeTelMessage({ template_id: 0 })]);
    renderTel('/line/tel/list/3', api);
    expect((await rowCells())[5]).toHaveTextContent(/^無効なテンプレート番号$/);
  });

  it('TEL-25 a template the account has is named beside its number, as the register form offers it', async () => {
    const { api } = detailApi(0, [
      makeTelMessage({ id: 1, template_id: 4 }),
      makeTelMessage({ id: 2, template_id: 9 }),
    ]);
    renderTel('/line/tel/list/3', {
      ...api,
      'GET /api/tel/template/list': () =>
        reply(200, [{ id: 4, name: '予約リマインド', created_at: '2025-06-01T10:00:00+09:00' }]),
    });
    await waitFor(async () =>
      expect((await rowCells(0))[5]).toHaveTextContent(/^4:予約リマインド$/),
    );
    // A template deleted since keeps its bare number.
    expect((await rowCells(1))[5]).toHaveTextContent(/^9$/);
  });

  it('TEL-28 merge data shows each param as key: value, named by the template’s own words (issue 28)', async () => {
    const { api } = detailApi(0, [
      makeTelMessage({
        template_id: 4,
        params: { param_1: '山田 花子', param_2: 'サロン青山', param_3: '6月2日 10:00' },
      }),
    ]);
    renderTel('/line/tel/list/3', {
      ...api,
      'GET /api/tel/template/list': () =>
        reply(200, [{ id: 4, name: '予約リマインド', created_at: '2025-06-01T10:00:00+09:00' }]),
      'GET /api/tel/template/4': () =>
        reply(200, {
          id: 4,
          name: '予約リマインド',
          created_at: '2025-06-01T10:00:00+09:00',
          body: JSON.stringify({
            type: 'text',
            text: '[param_1] 様\n[param_2] です。\n日時: [param_3]',
          }),
          usage: { draft_messages: 0, ordered_messages: 0 },
        }),
    });
    await waitFor(async () =>
      expect(
        within((await rowCells())[6]!)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        'お名前（param_1）: 山田 花子',
        '差し込み2（param_2）: サロン青山',
        '日時（param_3）: 6月2日 10:00',
      ]),
    );
  });

  it('shows the failure reason and the delivery LINE reported', async () => {
    const { api } = detailApi(3, [
      makeTelMessage({ id: 1, status: -2, failure_reason: '送信結果不明' }),
      makeTelMessage({
        id: 2,
        status: 3,
        sent_at: '2025-06-02T10:00:07+09:00',
        delivered_at: '2025-06-02T10:01:00+09:00',
      }),
    ]);
    renderTel('/line/tel/list/3', api);
    expect((await rowCells(0))[7]).toHaveTextContent('送信結果不明');
    expect((await rowCells(1))[7]).toHaveTextContent('配信済み（2025/06/02 10:01）');
  });

  it("TEL-41 a refused message shows LINE's details in Japanese beside LINE's own text", async () => {
    const { api } = detailApi(3, [
      makeTelMessage({
        id: 1,
        status: -2,
        failure_reason:
          'LINE がリクエストを受け付けませんでした（400: The request body has 2 error(s)）',
        failure_details: [
          { property: 'messages[0].altText', message: 'Length must be between 0 and 1500' },
          { property: 'messages[0].contents', message: 'some new check' },
        ],
      }),
    ]);
    renderTel('/line/tel/list/3', api);
    const outcome = (await rowCells(0))[7]!;
    expect(outcome).toHaveTextContent('The request body has 2 error(s)');
    const details = within(within(outcome).getByRole('list', { name: 'LINE が指摘した箇所' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(details).toEqual([
      '1つ目のメッセージ altText：0〜1500文字にしてください（LINE: Length must be between 0 and 1500）',
      // Not in the table: LINE's own words.
      '1つ目のメッセージ contents：some new check',
    ]);
  });

  it('TEL-29 links back to the list', async () => {
    const { api } = detailApi(0);
    const app = renderTel('/line/tel/list/3', {
      ...api,
      'GET /api/tel/list': () => reply(200, []),
    });
    await app.user.click(screen.getByRole('link', { name: '一覧に戻る' }));
    expect(app.location()).toBe('/line/tel');
  });

  it.each([
    [0, true, true],
    [1, false, true],
    [2, false, true],
    [3, false, false],
    [-1, false, false],
  ] as const)(
    'TEL-30 TEL-31 with order status %i: order enabled %s, cancel enabled %s',
    async (status, canOrder, canCancel) => {
      const { api } = detailApi(status);
      renderTel('/line/tel/list/3', api);
      await waitFor(() => expect(statusText()).not.toHaveTextContent('通信中...'));
      expect(orderButton().hasAttribute('disabled')).toBe(!canOrder);
      expect(cancelButton().hasAttribute('disabled')).toBe(!canCancel);
    },
  );

  it('TEL-32 TEL-34 TEL-35 ordering POSTs {status: 1}, re-fetches the status and says 発注しました', async () => {
    const { api } = detailApi(0);
    const app = renderTel('/line/tel/list/3', api);
    await waitFor(() => expect(orderButton()).toBeEnabled());
    await pressAndConfirm(app, orderButton(), '発注する');
    expect(await screen.findByText('発注しました')).toBeVisible();
    expect(app.callsTo('POST', '/api/tel/list/3/status').map((call) => call.body)).toEqual([
      { status: 1 },
    ]);
    await waitFor(() => expect(app.callsTo('GET', '/api/tel/list/3/status')).toHaveLength(2));
    await waitFor(() => expect(statusText()).toHaveTextContent('発注済み'));
    expect(orderButton()).toBeDisabled();
    expect(cancelButton()).toBeEnabled();
  });

  it('TEL-33 TEL-34 TEL-36 cancelling POSTs {status: -1}, re-fetches the status and says キャンセルしました', async () => {
    const { api } = detailApi(0);
    const app = renderTel('/line/tel/list/3', api);
    await waitFor(() => expect(cancelButton()).toBeEnabled());
    await pressAndConfirm(app, cancelButton(), 'キャンセルする');
    expect(await screen.findByText('キャンセルしました')).toBeVisible();
    expect(app.callsTo('POST', '/api/tel/list/3/status').map((call) => call.body)).toEqual([
      { status: -1 },
    ]);
    await waitFor(() => expect(app.callsTo('GET', '/api/tel/list/3/status')).toHaveLength(2));
    await waitFor(() => expect(statusText()).toHaveTextContent('キャンセル'));
    expect(orderButton()).toBeDisabled();
    expect(cancelButton()).toBeDisabled();
  });

  it('both changes ask first; 戻る sends nothing (the order confirmation says how many messages)', async () => {
    const { api } = detailApi(0, [makeTelMessage({ id: 1 }), makeTelMessage({ id: 2 })]);
    const app = renderTel('/line/tel/list/3', api);
    await screen.findByRole('table', { name: 'メッセージ一覧' });
    await waitFor(() => expect(orderButton()).toBeEnabled());
    await app.user.click(orderButton());
    const ordering = await screen.findByRole('alertdialog', { name: '発注の確認' });
    await waitFor(() => expect(ordering).toHaveTextContent('2件のメッセージを発注します'));
    await app.user.click(within(ordering).getByRole('button', { name: '戻る' }));
    await app.user.click(cancelButton());
    const cancelling = await screen.findByRole('alertdialog', { name: 'キャンセルの確認' });
    expect(cancelling).toHaveTextContent('送信済みのメッセージは取り消せません');
    await app.user.click(within(cancelling).getByRole('button', { name: '戻る' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(app.callsTo('POST', '/api/tel/list/3/status')).toEqual([]);
    expect(statusText()).toHaveTextContent('下書き');
  });

  it('TEL-37 TEL-34 a refused change says エラー：ステータス変更に失敗しました and re-fetches the status', async () => {
    const { api, set } = detailApi(0);
    const app = renderTel('/line/tel/list/3', {
      ...api,
      [`POST ${STATUS}`]: () => {
        set(1); // someone else ordered it meanwhile
        return reply(409, { message: '下書きの発注のみ発注できます' });
      },
    });
    await waitFor(() => expect(orderButton()).toBeEnabled());
    await pressAndConfirm(app, orderButton(), '発注する');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'エラー：ステータス変更に失敗しました',
    );
    await waitFor(() => expect(statusText()).toHaveTextContent('発注済み'));
    expect(orderButton()).toBeDisabled();
  });

  it('TEL-22 the status text reads 通信中... while a change is sent', async () => {
    const { api } = detailApi(0);
    let release: () => void = () => {};
    const app = renderTel('/line/tel/list/3', {
      ...api,
      [`POST ${STATUS}`]: () =>
        new Promise((resolve) => {
          release = () => resolve(reply(200, { status: 1 }));
        }),
    });
    await waitFor(() => expect(orderButton()).toBeEnabled());
    await pressAndConfirm(app, orderButton(), '発注する');
    expect(statusText()).toHaveTextContent('通信中...');
    expect(orderButton()).toBeDisabled();
    act(() => release());
    expect(await screen.findByText('発注しました')).toBeVisible();
  });

  it.each([
    ['TEL-38', 1, '送信前', 'blue'],
    ['TEL-39', 2, '処理中', 'orange'],
    ['TEL-40', 3, '送信済み', 'green'],
    ['TEL-41', -2, '失敗', 'red'],
    ['TEL-42', -3, '送信不可', 'pink'],
  ] as const)('%s message status %i is %s, shown %s', async (_id, status, label, color) => {
    const { api } = detailApi(2, [makeTelMessage({ status })]);
    renderTel('/line/tel/list/3', api);
    const badge = within((await rowCells())[2]!).getByText(label);
    expect(badge).toHaveAttribute('data-color', color);
  });

  it('while the order is being sent the statuses are polled until it is done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const messages = [makeTelMessage({ status: 1 })];
    const { api, set } = detailApi(1, messages);
    const app = renderTel('/line/tel/list/3', api);
    await waitFor(() => expect(statusText()).toHaveTextContent('発注済み'));
    messages[0] = makeTelMessage({ status: 3, sent_at: '2025-06-02T10:00:07+09:00' });
    set(3);
    await act(() => vi.advanceTimersByTimeAsync(TEL_POLL_MS));
    await waitFor(() => expect(statusText()).toHaveTextContent('完了'));
    await waitFor(async () => expect((await rowCells())[2]).toHaveTextContent('送信済み'));
    const polls = app.callsTo('GET', '/api/tel/list/3/status').length;
    await act(() => vi.advanceTimersByTimeAsync(TEL_POLL_MS * 3));
    expect(app.callsTo('GET', '/api/tel/list/3/status')).toHaveLength(polls);
  });

  it('an order of many messages draws only the rows in view', async () => {
    const many = Array.from({ length: 5000 }, (_, index) => makeTelMessage({ id: index + 1 }));
    const { api } = detailApi(0, many);
    renderTel('/line/tel/list/3', api);
    const messages = await table();
    await waitFor(() => expect(messages).toHaveAttribute('aria-rowcount', '5001'));
    expect(messages.querySelectorAll('tbody tr').length).toBeLessThan(200);
  });
});
