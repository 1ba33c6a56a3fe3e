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
