import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DAY, makeBlockTime, makeReservation, renderSalon, SALON_ID } from '@test/salon-fixtures';

const timelinePath = `/line/reserve/salon/timeline?date=${DAY}`;
const reservations = [
  makeReservation(),
  makeReservation({
    id: 12,
    name: '山本 様',
    member: null,
    member_id: null,
    from: '10:30',
    to: '11:30',
    course_id: 2,
  }),
  makeReservation({
    id: 13,
    salon_resource_id: null,
    from: '15:00',
    to: '16:00',
    member: { id: 4, display_name: '佐々木 一郎', icon_url: '' },
  }),
  makeReservation({
    id: 14,
    salon_resource_id: 2,
    status: -1,
    status_label: 'キャンセル',
    from: '12:00',
    to: '13:00',
  }),
  makeReservation({
    id: 15,
    salon_resource_id: 2,
    from: '16:00',
    to: '17:00',
    status: 1,
    status_label: 'リクエスト中',
    change_child: {
      id: 90,
      kind: 'change',
      state: 'pending',
      proposal: null,
      created_at: '2030-04-01T00:00:00Z',
    },
  }),
];

const item = (id: number) => document.querySelector(`.tl-item[data-reservation-id="${id}"]`);
const rowOf = (id: number) => item(id)?.closest('.tl__row')?.getAttribute('data-row');

describe('daily reservation timeline', { timeout: 30_000 }, () => {
  it('TML-01 shows the day reservations per resource with time, customer, course and request badges; counts in the header', async () => {
    const app = renderSalon(
      timelinePath,
      {},
      { data: { reservations, blockTimes: [makeBlockTime()] } },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: '予約タイムライン' }),
    ).toBeVisible();
    await waitFor(() => expect(item(11)).not.toBeNull());
    expect(item(11)).toHaveAccessibleName(/^渡辺 花子 10:00 カット（10:00〜11:00 予約確定）$/);
    expect(item(15)).toHaveAccessibleName(/変更リクエストあり/);
    expect(within(item(15) as HTMLElement).getByText('変更')).toBeVisible();
    expect(
      screen.getByRole('button', { name: /ブロック 休憩（ブロック時間 13:00〜14:00）/ }),
    ).toBeVisible();
    // RSV-62: one day, every status.
    expect(app.callsTo('GET', `/api/salon/${SALON_ID}/reservations`)[0]!.query).toEqual({
      range_date: `${DAY}..${DAY}`,
    });
    // Cancelled reservations are not counted; requests and pending changes are.
    expect(screen.getByTestId('reservation-count')).toHaveTextContent('4');
    expect(screen.getByTestId('pending-count')).toHaveTextContent('1');
    expect(document.title).toContain('予約タイムライン');
  });

  it('TML-12 TML-13 overlapping reservations of one resource go to separate rows; unassigned ones have their own row', async () => {
    renderSalon(timelinePath, {}, { data: { reservations } });
    await waitFor(() => expect(item(12)).not.toBeNull());
    expect(rowOf(11)).toBe('res1:0');
    expect(rowOf(12)).toBe('res1:1');
    expect(rowOf(13)).toBe('unassigned:0');
    expect(screen.getByText('担当なし')).toBeVisible();
  });

  it('TML-04 filters reservations by status, kept in the URL', async () => {
    const app = renderSalon(timelinePath, {}, { data: { reservations } });
    await waitFor(() => expect(item(14)).not.toBeNull());
    await app.user.click(screen.getByRole('button', { name: /ステータス/ }));
    await app.user.click(screen.getByRole('checkbox', { name: 'キャンセル' }));
    await waitFor(() => expect(item(14)).toBeNull());
    expect(item(11)).not.toBeNull();
    expect(new URLSearchParams(app.location().split('?')[1]).get('status')).toBe('1,2,-2');
  });

  it('TML-05 filters by resource from the URL: only that resource, no unassigned row', async () => {
    renderSalon(`${timelinePath}&resource=2`, {}, { data: { reservations } });
    await waitFor(() => expect(item(15)).not.toBeNull());
    expect(item(11)).toBeNull();
    expect(item(13)).toBeNull();
    expect(screen.queryByText('担当なし')).toBeNull();
  });

  it('TML-08 a click on an empty slot opens the reservation form at once, with resource, date and time filled in', async () => {
    const app = renderSalon(timelinePath, {}, { data: { reservations: [] } });
    await screen.findByText('佐藤 美咲');
    const lane = document.querySelector('[data-row="res2:0"] .tl__lane') as HTMLElement;
    lane.getBoundingClientRect = () => ({
      left: 0,
      top: 0,
      right: 2000,
      bottom: 44,
      width: 2000,
      height: 44,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    // 9:00 is the left edge (no opening hours saved); zoomed to 15 minutes a column of 64 px,
    // 640 px is 11:30.
    await app.user.click(screen.getByRole('button', { name: '15分' }));
    await app.user.pointer({
      keys: '[MouseLeft]',
      target: lane,
      coords: { clientX: 650, clientY: 10 },
    });
    const panel = await screen.findByRole('complementary', { name: '予約' });
    expect(within(panel).getByRole('combobox', { name: '担当' })).toHaveTextContent('田中 翔太');
    expect(within(panel).getByRole('textbox', { name: '日付' })).toHaveValue('2030/04/15');
    expect(within(panel).getByRole('textbox', { name: '開始' })).toHaveValue('11:30');
    // One slot interval (30 minutes), until a course sets the length (issue 26).
    expect(within(panel).getByRole('textbox', { name: '終了' })).toHaveValue('12:00');
  });

  it('the zoom is remembered on this device: a reload keeps 15分', async () => {
    const first = renderSalon(timelinePath);
    await screen.findByText('2030年4月15日(月)');
    expect(screen.getByRole('button', { name: '1日' })).toHaveAttribute('aria-pressed', 'true');
    await first.user.click(screen.getByRole('button', { name: '15分' }));
    expect(screen.getByRole('button', { name: '15分' })).toHaveAttribute('aria-pressed', 'true');
    first.unmount();
    // The page is opened again (a reload): the choice is still there.
    renderSalon(timelinePath);
    await screen.findByText('2030年4月15日(月)');
    expect(screen.getByRole('button', { name: '15分' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '1日' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('date navigation goes into the URL (reload and back keep the view)', async () => {
    const app = renderSalon(timelinePath);
    await screen.findByText('2030年4月15日(月)');
    await app.user.click(screen.getByRole('button', { name: '翌日' }));
    await waitFor(() => expect(app.location()).toContain('date=2030-04-16'));
    expect(await screen.findByText('2030年4月16日(火)')).toBeVisible();
    const tabs = screen.getByRole('navigation', { name: 'サロン予約の表示' });
    await app.user.click(within(tabs).getByRole('link', { name: 'シフト（週）' }));
    await waitFor(() =>
      expect(app.location()).toBe('/line/reserve/salon/shifts/week?date=2030-04-16'),
    );
    expect(await screen.findByText('2030年4月15日(月) 〜 2030年4月21日(日)')).toBeVisible();
  });

  it('staff (no reserve-write) sees everything read-only: no write buttons, disabled controls', async () => {
    const app = renderSalon(timelinePath, {}, { readOnly: true, data: { reservations } });
    await waitFor(() => expect(item(11)).not.toBeNull());
    expect(screen.getByText(/閲覧のみです/)).toBeVisible();
    expect(screen.queryByRole('button', { name: '予約を追加' })).toBeNull();
    await app.user.click(item(11) as HTMLElement);
    const panel = await screen.findByRole('complementary', { name: '予約の詳細' });
    expect(within(panel).getByRole('checkbox', { name: /受付済み/ })).toBeDisabled();
    expect(within(panel).queryByRole('button', { name: '削除' })).toBeNull();
    expect(item(11)).not.toHaveClass('tl-item--draggable');
  });
});
