import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { renderSalon } from '@test/salon-fixtures';
import { BASE, catalogApi } from '@test/salon-settings-fixtures';

const PATH = '/line/reserve/salon/settings/matrix';
const unlinks = { data: [{ salon_resource_id: 2, course_ids: [2] }] };

describe('resource × course matrix', { timeout: 30_000 }, () => {
  it('RSV-37 RSV-38 shows who can do what, and saves the whole matrix in one PUT', async () => {
    const app = renderSalon(PATH, {
      ...catalogApi().handlers,
      [`GET ${BASE}/resource_course_unlinks`]: () => reply(200, unlinks),
      [`PUT ${BASE}/resource_course_unlinks`]: ({ body }) =>
        reply(200, { status: true, data: (body as typeof unlinks).data }),
    });
    const grid = await screen.findByRole('region', { name: /対応コースの表/ });
    expect(within(grid).getByRole('checkbox', { name: '田中 翔太：カラー' })).not.toBeChecked();
    expect(within(grid).getByRole('checkbox', { name: '田中 翔太：カット' })).toBeChecked();
    expect(screen.getByRole('button', { name: '保存' })).toBeDisabled();

    await app.user.click(within(grid).getByRole('checkbox', { name: '個室A：カラー' }));
    await app.user.click(within(grid).getByRole('checkbox', { name: '田中 翔太：カラー' }));
    expect(screen.getByText('未保存の変更があります')).toBeVisible();
    await app.user.click(screen.getByRole('button', { name: '保存' }));

    expect(await screen.findByText('対応コースを保存しました')).toBeVisible();
    expect(app.callsTo('PUT', `${BASE}/resource_course_unlinks`)[0]!.body).toEqual({
      data: [
        { salon_resource_id: 1, course_ids: [] },
        { salon_resource_id: 2, course_ids: [] },
        { salon_resource_id: 5, course_ids: [2] },
      ],
    });
    expect(screen.queryByText('未保存の変更があります')).toBeNull();
    expect(screen.getByRole('button', { name: '保存' })).toBeDisabled();
  });

  it('REF-17 unsaved ticks ask before leaving for another page', async () => {
    const app = renderSalon(PATH, {
      ...catalogApi().handlers,
      [`GET ${BASE}/resource_course_unlinks`]: () => reply(200, unlinks),
    });
    const grid = await screen.findByRole('region', { name: /対応コースの表/ });
    await app.user.click(within(grid).getByRole('checkbox', { name: '佐藤 美咲：カット' }));
    const trail = screen.getByRole('navigation', { name: 'パンくずリスト' });
    await app.user.click(within(trail).getByRole('link', { name: '予約設定' }));
    expect(await screen.findByRole('alertdialog')).toBeVisible();
    expect(app.location()).toBe(PATH);
  });

  it('staff without reserve-write sees the matrix as marks, without boxes or save', async () => {
    renderSalon(
      PATH,
      {
        ...catalogApi().handlers,
        [`GET ${BASE}/resource_course_unlinks`]: () => reply(200, unlinks),
      },
      { readOnly: true },
    );
    const grid = await screen.findByRole('region', { name: /対応コースの表/ });
    expect(within(grid).queryAllByRole('checkbox')).toHaveLength(0);
    expect(
      within(grid).getByRole('img', { name: '田中 翔太：カラー（対応不可）' }),
    ).toHaveTextContent('－');
    expect(
      within(grid).getByRole('img', { name: '田中 翔太：カット（対応可）' }),
    ).toHaveTextContent('○');
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect(
      screen.getByText('閲覧のみです。予約設定の変更には「予約」の書き込み権限が必要です。'),
    ).toBeVisible();
  });
});
