import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { BASE, renderSettings, type makeOpening } from '@test/salon-config-fixtures';

const PATH = '/line/reserve/salon/settings/opening?y=2030';

describe('salon settings: opening calendar', { timeout: 30_000 }, () => {
  it('RSV-14/15 the year calendar shows weekday hours, date entries and Japan holidays', async () => {
    const app = renderSettings(PATH);
    // 2030-04-16 is a Tuesday (closed on Tuesdays) with its own hours.
    expect(
      await screen.findByRole('button', { name: '4月16日(火) 特別営業 12:00〜18:00' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: '4月23日(火) 休業' })).toBeVisible();
    expect(screen.getByRole('button', { name: '4月15日(月) 10:00〜20:00' })).toBeVisible();
    // The holiday data arrives in its own chunk.
    expect(
      await screen.findByRole(
        'button',
        { name: /^4月29日\(月\) 祝日「昭和の日」/ },
        { timeout: 15_000 },
      ),
    ).toBeVisible();
    expect(app.callsTo('GET', `${BASE}/configs`).map((call) => call.query)).toContainEqual({
      attr: 'opening',
      y: '2030',
    });
  });

  it('RSV-11 clicking a day makes it closed, editing a weekday changes its hours, one PUT saves the year', async () => {
    const app = renderSettings(PATH, {
      [`PUT ${BASE}/configs/:type`]: ({ body }) =>
        reply(200, { status: true, opening: { ...(body as object), is_saved: true } }),
    });
    await app.user.click(await screen.findByRole('button', { name: '5月1日(水) 10:00〜20:00' }));
    const dialog = await screen.findByRole('dialog', { name: '5月1日(水)の営業' });
    await app.user.click(within(dialog).getByRole('radio', { name: '休業日' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'この日に適用' }));
    expect(await screen.findByRole('button', { name: '5月1日(水) 休業日' })).toBeVisible();
    const mondayEnd = screen.getByRole('textbox', { name: '月曜日の終了' });
    await app.user.clear(mondayEnd);
    await app.user.type(mondayEnd, '19:00{Enter}');
    await app.user.click(screen.getByRole('button', { name: '営業時間を保存' }));
    await waitFor(() => expect(app.callsTo('PUT', `${BASE}/configs/opening`)).toHaveLength(1));
    const body = app.callsTo('PUT', `${BASE}/configs/opening`)[0]!.body as ReturnType<
      typeof makeOpening
    >;
    expect(body.year).toBe(2030);
    expect(body.weekdays[1]).toEqual({ is_open: true, from: '10:00', to: '19:00' });
    expect(body.dates['2030-05-01']).toMatchObject({ is_open: false });
    expect(body.dates['2030-04-16']).toEqual({ is_open: true, from: '12:00', to: '18:00' });
    expect(await screen.findByText('2030年の営業時間を保存しました')).toBeVisible();
  });

  it('RSV-05 a 422 on a weekday is shown on that weekday', async () => {
    const app = renderSettings(PATH, {
      [`PUT ${BASE}/configs/:type`]: () =>
        reply(422, {
          message: '入力内容に誤りがあります',
          errors: { 'weekdays.3.to': ['営業終了時刻は開始時刻より後にしてください'] },
        }),
    });
    const friday = await screen.findByRole('checkbox', { name: '金曜日に営業する' });
    await app.user.click(friday);
    await app.user.click(screen.getByRole('button', { name: '営業時間を保存' }));
    expect(await screen.findByText('営業終了時刻は開始時刻より後にしてください')).toBeVisible();
    expect(document.getElementById('weekday-3-error')).toBeInTheDocument();
  });

  it('staff sees the calendar and hours without buttons or inputs', async () => {
    renderSettings(PATH, {}, { readOnly: true });
    expect(
      await screen.findByRole('img', { name: '4月16日(火) 特別営業 12:00〜18:00' }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /4月15日/ })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: '営業時間を保存' })).toBeNull();
  });
});
