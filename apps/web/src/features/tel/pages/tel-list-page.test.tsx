import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { findStatus } from '@test/find-status';
import { renderApp } from '@test/render-app';
import { makeSession } from '@test/fixtures';
import { renderTel } from '@test/render-tel';
import { makeTelOrder } from '@test/tel-fixtures';
import { TEL_FLASH_KEYS } from '../flash';

const rowOf = (id: number) =>
  document.querySelector<HTMLElement>(`a[href="/line/tel/list/${id}"]`)!.closest('tr')!;
/** Waits for the order rows (the table itself is there at once, with 取得中...). */
const loaded = async () => {
  await screen.findAllByRole('link', { name: '詳細' });
  return screen.getByRole('table', { name: '発注一覧' });
};
const isHighlighted = (id: number) => rowOf(id).querySelector('[data-highlighted]') !== null;

describe('TelListPage', () => {
  afterEach(() => sessionStorage.clear());

  it('TEL-01 /line/tel is TelListPage titled 通知メッセージ', async () => {
    renderApp('/line/tel', {
      session: makeSession(),
      api: { 'GET /api/tel/list': () => reply(200, []) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: '通知メッセージ' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('通知メッセージ | つなぐ'));
  });

  it('TEL-02 loads the orders with GET /api/tel/list', async () => {
    const app = renderTel('/line/tel', {
      'GET /api/tel/list': () => reply(200, [makeTelOrder({ description: '夏のキャンペーン' })]),
    });
    expect(await screen.findByText('夏のキャンペーン')).toBeVisible();
    expect(app.callsTo('GET', '/api/tel/list')).toHaveLength(1);
  });

  it('TEL-03 TEL-04 TEL-05 buttons to upload, single registration and template settings', async () => {
    const app = renderTel('/line/tel', { 'GET /api/tel/list': () => reply(200, []) });
    expect(screen.getByRole('link', { name: 'ファイルアップロード' })).toHaveAttribute(
      'href',
      '/line/tel/upload',
    );
    expect(screen.getByRole('link', { name: '個別登録' })).toHaveAttribute(
      'href',
      '/line/tel/register',
    );
    await app.user.click(screen.getByRole('link', { name: 'テンプレート設定' }));
    expect(app.location()).toBe('/line/tel/template');
  });

  it('TEL-06 the order table has created date, status, memo, unsent, success, failure and details', async () => {
    renderTel('/line/tel', { 'GET /api/tel/list': () => reply(200, [makeTelOrder()]) });
    const table = await loaded();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['作成日時', 'ステータス', 'メモ', '未送信', '成功', '失敗', '詳細']);
    const cells = within(rowOf(1)).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('2025/06/01 10:00');
    expect(within(cells[6]!).getByRole('link', { name: '詳細' })).toBeVisible();
  });

  it('TEL-07 unsent = all - success - failed (10, 6, 1 → 3)', async () => {
    renderTel('/line/tel', { 'GET /api/tel/list': () => reply(200, [makeTelOrder()]) });
    await loaded();
    const cells = within(rowOf(1)).getAllByRole('cell');
    expect(cells[3]).toHaveTextContent(/^3\(30%\)$/);
    expect(cells[4]).toHaveTextContent(/^6\(60%\)$/);
    expect(cells[5]).toHaveTextContent(/^1\(10%\)$/);
  });

  it('TEL-08 DEC-04 each count shows its rounded percentage of count_all (1 of 3 → 33%)', async () => {
    renderTel('/line/tel', {
      'GET /api/tel/list': () =>
        reply(200, [
          makeTelOrder({ id: 1, count_all: 3, count_success: 2, count_failed: 1 }),
          makeTelOrder({ id: 2, count_all: 3, count_success: 0, count_failed: 1 }),
        ]),
    });
    await loaded();
    const first = within(rowOf(1)).getAllByRole('cell');
    expect(first[3]).toHaveTextContent(/^0\(0%\)$/);
    expect(first[4]).toHaveTextContent(/^2\(67%\)$/);
    expect(first[5]).toHaveTextContent(/^1\(33%\)$/);
    expect(within(rowOf(2)).getAllByRole('cell')[3]).toHaveTextContent(/^2\(67%\)$/);
  });

  it('DEC-04 with count_all 0 every percentage shows 0%', async () => {
    renderTel('/line/tel', {
      'GET /api/tel/list': () =>
        reply(200, [makeTelOrder({ count_all: 0, count_success: 0, count_failed: 0 })]),
    });
    await loaded();
    const cells = within(rowOf(1)).getAllByRole('cell');
    for (const cell of cells.slice(3, 6)) expect(cell).toHaveTextContent(/^0\(0%\)$/);
  });

  it('TEL-09 each details button links to /line/tel/list/{id}', async () => {
    const app = renderTel('/line/tel', {
      'GET /api/tel/list': () => reply(200, [makeTelOrder({ id: 7 }), makeTelOrder({ id: 8 })]),
      'GET /api/tel/list/:id': () => reply(200, []),
      'GET /api/tel/list/:id/status': () => reply(200, { status: 0 }),
    });
    await loaded();
    expect(within(rowOf(8)).getByRole('link', { name: '詳細' })).toHaveAttribute(
      'href',
      '/line/tel/list/8',
    );
    await app.user.click(within(rowOf(7)).getByRole('link', { name: '詳細' }));
    expect(app.location()).toBe('/line/tel/list/7');
  });

  it('TEL-10 TEL-11 TEL-12 TEL-13 the flash and recent id are read once, removed, shown and highlighted', async () => {
    sessionStorage.setItem(TEL_FLASH_KEYS.message, '登録しました');
    sessionStorage.setItem(TEL_FLASH_KEYS.recentOrderId, '8');
    renderTel('/line/tel', {
      'GET /api/tel/list': () =>
        reply(200, [makeTelOrder({ id: 9 }), makeTelOrder({ id: 8 }), makeTelOrder({ id: 7 })]),
    });
    expect(await findStatus('登録しました')).toBeVisible();
    expect(sessionStorage.getItem(TEL_FLASH_KEYS.message)).toBeNull();
    expect(sessionStorage.getItem(TEL_FLASH_KEYS.recentOrderId)).toBeNull();
    await loaded();
    expect(isHighlighted(8)).toBe(true);
    expect(within(rowOf(8)).getByText('今回登録')).toBeVisible();
    // TEL-13: no other row is highlighted.
    expect(isHighlighted(9)).toBe(false);
    expect(isHighlighted(7)).toBe(false);
  });

  it('TEL-12 TEL-13 with nothing stored there is no message and no highlighted row', async () => {
    renderTel('/line/tel', {
      'GET /api/tel/list': () => reply(200, [makeTelOrder({ id: 8 })]),
    });
    await loaded();
    expect(screen.queryByText('登録しました')).not.toBeInTheDocument();
    expect(document.querySelector('[data-highlighted]')).toBeNull();
  });

  it('TEL-14 the highlight flag is client-only: the list request sends nothing and the server never sends it', async () => {
    sessionStorage.setItem(TEL_FLASH_KEYS.recentOrderId, '1');
    const app = renderTel('/line/tel', { 'GET /api/tel/list': () => reply(200, [makeTelOrder()]) });
    await loaded();
    expect(isHighlighted(1)).toBe(true);
    expect(app.callsTo('GET', '/api/tel/list')[0]!.body).toBeUndefined();
    expect(app.calls.every((call) => call.method === 'GET')).toBe(true);
  });

  it.each([
    ['TEL-15', 0, '下書き', 'gray'],
    ['TEL-16', 1, '発注済み', 'blue'],
    ['TEL-17', 2, '送信中', 'orange'],
    ['TEL-18', 3, '完了', 'green'],
    ['TEL-19', -1, 'キャンセル', 'green'],
  ] as const)('%s order status %i is %s, shown %s', async (_id, status, label, color) => {
    renderTel('/line/tel', {
      'GET /api/tel/list': () => reply(200, [makeTelOrder({ status })]),
    });
    await loaded();
    const badge = within(rowOf(1)).getByText(label);
    expect(badge).toHaveAttribute('data-color', color);
    expect(badge).toHaveClass(`tel-status--${color}`);
  });

  it('shows the empty text when there are no orders, and the error when the list fails', async () => {
    const empty = renderTel('/line/tel', { 'GET /api/tel/list': () => reply(200, []) });
    expect(await screen.findByText('表示するデータがありません')).toBeVisible();
    empty.unmount();
    renderTel('/line/tel', {
      'GET /api/tel/list': () => reply(403, { message: 'この操作を行う権限がありません' }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('この操作を行う権限がありません');
  });
});
