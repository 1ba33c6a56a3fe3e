import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { makeConfig } from '@test/salon-fixtures';
import { BASE, renderSettings } from '@test/salon-config-fixtures';

const PATH = '/line/reserve/salon/settings/switches';

describe('salon settings: switches', { timeout: 30_000 }, () => {
  it('RSV-12 a switch is PATCHed with its new value and shows what the server answered', async () => {
    const app = renderSettings(PATH, {
      [`PATCH ${BASE}/configs`]: ({ body }) =>
        reply(200, {
          status: true,
          config: makeConfig({ sync_shift: (body as { value: boolean }).value }),
        }),
    });
    const toggle = await screen.findByRole('switch', { name: 'シフト連携' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await app.user.click(toggle);
    await waitFor(() => expect(app.callsTo('PATCH', `${BASE}/configs`)).toHaveLength(1));
    const call = app.callsTo('PATCH', `${BASE}/configs`)[0]!;
    expect(call.query).toEqual({ attr: 'sync_shift' });
    expect(call.body).toEqual({ value: true });
    expect(await screen.findByText('シフト連携をオンにしました')).toBeVisible();
    expect(screen.getByRole('switch', { name: 'シフト連携' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    // The other switches were not touched.
    expect(screen.getByRole('switch', { name: 'オンライン予約' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('RSV-12 a refused switch goes back to its old state with a Japanese error', async () => {
    const app = renderSettings(PATH, {
      [`PATCH ${BASE}/configs`]: () => reply(500, { message: 'サーバーでエラーが発生しました' }),
    });
    const toggle = await screen.findByRole('switch', { name: 'オンライン予約' });
    await app.user.click(toggle);
    expect(await screen.findByText(/オンライン予約を保存できませんでした/)).toBeVisible();
    expect(screen.getByRole('switch', { name: 'オンライン予約' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByText('元に戻しました')).toBeVisible();
  });

  it('staff (no reserve-write) sees the states as text, a read-only note, and no switch', async () => {
    renderSettings(PATH, {}, { readOnly: true });
    expect(await screen.findByText(/閲覧のみです。予約設定の変更には/)).toBeVisible();
    expect(await screen.findByText('オンライン予約')).toBeVisible();
    expect(screen.queryAllByRole('switch')).toHaveLength(0);
    expect(screen.getAllByText('オン').length).toBeGreaterThan(0);
  });

  it('the section navigation links every section with the salon kept', async () => {
    renderSettings(`${PATH}?salon=7`);
    const nav = await screen.findByRole('navigation', { name: '設定の項目' });
    expect(within(nav).getByRole('link', { name: '基本設定' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: '営業時間' })).toHaveAttribute(
      'href',
      '/line/reserve/salon/settings/opening?salon=7',
    );
    expect(within(nav).getByRole('link', { name: 'コース設定' })).toHaveAttribute(
      'href',
      '/line/reserve/salon/settings/courses?salon=7',
    );
    expect(within(nav).queryAllByText('（準備中）')).toHaveLength(0);
  });
});
