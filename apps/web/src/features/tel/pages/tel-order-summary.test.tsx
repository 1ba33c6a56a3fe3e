import type { TelOrderSummary } from '@tsunagu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, type FakeHandler } from '@test/fake-api';
import { renderTel } from '@test/render-tel';
import { makeTelMessage } from '@test/tel-fixtures';

const OVERDUE = '2件は送信予定日時を過ぎているため発注後すぐに送信されます';
const INVALID = '1件は無効なテンプレート番号のため送信されません';

function summaryOf(counts: Partial<TelOrderSummary> = {}): TelOrderSummary {
  return {
    count_all: 5,
    status_counts: [
      { status: 1, count: 5 },
      { status: 2, count: 0 },
      { status: 3, count: 0 },
      { status: -2, count: 0 },
      { status: -3, count: 0 },
    ],
    overdue_count: 2,
    invalid_template_count: 1,
    ...counts,
  };
}

function api(status: number, summary: () => TelOrderSummary): Record<string, FakeHandler> {
  return {
    'GET /api/tel/list/:id': () => reply(200, [makeTelMessage()]),
    'GET /api/tel/list/:id/status': () => reply(200, { status }),
    'GET /api/tel/list/:id/summary': () => reply(200, summary()),
    'POST /api/tel/list/:id/status': () => reply(200, { status: 1 }),
  };
}

describe('the order summary on the detail screen (issue 10)', () => {
  it('the draft screen shows the counts per status and what ordering will do', async () => {
    renderTel('/line/tel/list/3', api(0, summaryOf));
    const warnings = await screen.findByTestId('tel-order-warnings');
    expect(
      within(warnings)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([OVERDUE, INVALID]);
    const list = screen.getByLabelText('ステータス別の件数');
    expect(list).toHaveTextContent('合計5件');
    expect(list).toHaveTextContent('送信前5件');
    expect(list).toHaveTextContent('送信不可0件');
  });

  it('the order confirmation says how many and what will happen, counted when 発注する is pressed', async () => {
    let overdue = 0;
    const app = renderTel(
      '/line/tel/list/3',
      api(0, () => summaryOf({ overdue_count: overdue, invalid_template_count: 1 })),
    );
    await screen.findByTestId('tel-order-warnings');
    expect(screen.queryByText(OVERDUE)).toBeNull();
    overdue = 2; // time went on while the page was open
    const order = screen.getByRole('button', { name: '発注する' });
    await waitFor(() => expect(order).toBeEnabled());
    await app.user.click(order);
    const dialog = await screen.findByRole('alertdialog', { name: '発注の確認' });
    expect(dialog).toHaveTextContent('5件のメッセージを発注します');
    await waitFor(() => expect(dialog).toHaveTextContent(OVERDUE));
    expect(dialog).toHaveTextContent(INVALID);
    expect(app.callsTo('POST', '/api/tel/list/3/status')).toEqual([]);
  });

  it('without warnings the confirmation says only how many; an ordered order shows counts, no warnings', async () => {
    const app = renderTel(
      '/line/tel/list/3',
      api(0, () => summaryOf({ overdue_count: 0, invalid_template_count: 0 })),
    );
    await screen.findByLabelText('ステータス別の件数');
    await app.user.click(screen.getByRole('button', { name: '発注する' }));
    const dialog = await screen.findByRole('alertdialog', { name: '発注の確認' });
    await waitFor(() => expect(dialog).toHaveTextContent('5件のメッセージを発注します'));
    expect(screen.queryByTestId('tel-order-warnings')).toBeNull();
    app.unmount();

    renderTel('/line/tel/list/3', api(1, summaryOf));
    await screen.findByLabelText('ステータス別の件数');
    await waitFor(() =>
      expect(screen.getByTestId('tel-order-status')).toHaveTextContent('発注済み'),
    );
    expect(screen.queryByTestId('tel-order-warnings')).toBeNull();
  });
});

describe('reading the messages of an order (issue 10)', () => {
  const messages = [
    makeTelMessage({ id: 1, tel: '09012345678' }),
    makeTelMessage({ id: 2, tel: '0312345678' }),
    makeTelMessage({ id: 3, tel: '08098765432', template_id: 0 }),
  ];
  const readApi = (extra: Record<string, FakeHandler> = {}) => ({
    ...api(0, summaryOf),
    'GET /api/tel/list/:id': () => reply(200, messages),
    ...extra,
  });
  const rows = async () => {
    const table = await screen.findByRole('table', { name: 'メッセージ一覧' });
    await waitFor(() => expect(table.querySelector('td.table__empty')).toBeNull());
    return Array.from(table.querySelectorAll('tbody tr')).map(
      (row) => within(row as HTMLElement).getAllByRole('cell')[4]!.textContent,
    );
  };

  it('phone numbers read with hyphens: 090-1234-5678, 03-1234-5678', async () => {
    renderTel('/line/tel/list/3', readApi());
    expect(await rows()).toEqual(['090-1234-5678', '03-1234-5678', '080-9876-5432']);
  });

  it('a search by phone number finds digits typed with hyphens or full-width, and says how many', async () => {
    const app = renderTel('/line/tel/list/3', readApi());
    await rows();
    const search = screen.getByRole('searchbox', { name: '電話番号で検索' });
    await app.user.type(search, '０３-1234');
    await waitFor(async () => expect(await rows()).toEqual(['03-1234-5678']));
    expect(screen.getByText('3件中1件')).toBeVisible();
    await app.user.clear(search);
    await app.user.type(search, '0000');
    expect(await screen.findByText('該当するメッセージはありません')).toBeVisible();
    await app.user.clear(search);
    await waitFor(async () => expect(await rows()).toHaveLength(3));
  });

  it('表示 shows the rendered text of one message, loaded only when asked for', async () => {
    const app = renderTel(
      '/line/tel/list/3',
      readApi({
        'GET /api/tel/list/:id/messages/:messageId/preview': () =>
          reply(200, {
            template_id: 5,
            template_name: 'ご来店リマインド',
            bubbles: [
              { type: 'text', text: '山田 様\nご来店お待ちしております' },
              { type: 'image', text: null },
            ],
            problem: null,
          }),
      }),
    );
    await rows();
    expect(app.calls.some((call) => call.path.endsWith('/preview'))).toBe(false);
    await app.user.click(screen.getByRole('button', { name: 'メッセージ 2 の送信内容を表示' }));
    const dialog = await screen.findByRole('dialog', { name: 'メッセージ 2 の送信内容' });
    const bubbles = await within(dialog).findAllByRole('listitem');
    expect(bubbles.map((bubble) => bubble.textContent)).toEqual([
      '山田 様\nご来店お待ちしております',
      '（image メッセージ）',
    ]);
    expect(dialog).toHaveTextContent('テンプレート：5:ご来店リマインド');
    expect(app.callsTo('GET', '/api/tel/list/3/messages/2/preview')).toHaveLength(1);
    await app.user.click(within(dialog).getByRole('button', { name: '閉じる' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a message that will not be sent says why in its preview', async () => {
    const app = renderTel(
      '/line/tel/list/3',
      readApi({
        'GET /api/tel/list/:id/messages/:messageId/preview': () =>
          reply(200, {
            template_id: 0,
            template_name: null,
            bubbles: [],
            problem: '無効なテンプレート番号のため送信されません',
          }),
      }),
    );
    await rows();
    await app.user.click(screen.getByRole('button', { name: 'メッセージ 3 の送信内容を表示' }));
    const dialog = await screen.findByRole('dialog', { name: 'メッセージ 3 の送信内容' });
    expect(
      await within(dialog).findByText('無効なテンプレート番号のため送信されません'),
    ).toBeVisible();
    expect(dialog).toHaveTextContent('テンプレート：無効なテンプレート番号');
  });
});
