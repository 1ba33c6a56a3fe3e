import { CATALOG_MESSAGES } from '@tsunagu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { renderSalon } from '@test/salon-fixtures';
import { BASE, catalogApi, shownNames } from '@test/salon-settings-fixtures';

const PATH = '/line/reserve/salon/settings/resources';

describe('resource settings', { timeout: 30_000 }, () => {
  it('RSV-27 RSV-28 a resource with future reservations: the question names the count, then force=1 deletes', async () => {
    const api = catalogApi();
    const app = renderSalon(PATH, {
      ...api.handlers,
      [`DELETE ${BASE}/resources/:id`]: ({ query }) =>
        query.force === '1'
          ? reply(200, {
              status: true,
              detached_reservations: 3,
              message: CATALOG_MESSAGES.resourceDeleted(3),
            })
          : reply(409, {
              message: CATALOG_MESSAGES.resourceHasFutureReservations(3),
              future_reservations: 3,
            }),
    });
    await app.user.click(await screen.findByRole('button', { name: '田中 翔太を削除' }));
    const first = screen.getByRole('alertdialog', { name: 'リソースを削除' });
    await app.user.click(within(first).getByRole('button', { name: '削除する' }));

    const second = await screen.findByRole('alertdialog', { name: '今日以降の予約があります' });
    expect(second).toHaveTextContent(
      '「田中 翔太」には今日以降の予約が3件あります。削除すると、それらの予約は担当なし（リソース未割り当て）になります。',
    );
    expect(app.callsTo('DELETE', `${BASE}/resources/2`)[0]!.query).toEqual({});
    await app.user.click(
      within(second).getByRole('button', { name: '予約3件を担当なしにして削除' }),
    );
    expect(await screen.findByText(CATALOG_MESSAGES.resourceDeleted(3))).toBeVisible();
    expect(app.callsTo('DELETE', `${BASE}/resources/2`)[1]!.query).toEqual({ force: '1' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('RSV-27 a resource without future reservations is deleted after the one question', async () => {
    const app = renderSalon(PATH, {
      ...catalogApi().handlers,
      [`DELETE ${BASE}/resources/:id`]: () =>
        reply(200, {
          status: true,
          detached_reservations: 0,
          message: CATALOG_MESSAGES.resourceDeleted(0),
        }),
    });
    await app.user.click(await screen.findByRole('button', { name: '個室Aを削除' }));
    await app.user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: '削除する' }),
    );
    expect(await screen.findByText('リソースを削除しました')).toBeVisible();
    expect(app.callsTo('DELETE', `${BASE}/resources/5`)).toHaveLength(1);
  });

  it('RSV-25 editing a resource sends PUT with every field', async () => {
    const app = renderSalon(PATH, {
      ...catalogApi().handlers,
      [`PUT ${BASE}/resources/:id`]: () => reply(200, { status: true }),
    });
    await app.user.click(await screen.findByRole('button', { name: '佐藤 美咲を編集' }));
    const dialog = screen.getByRole('dialog', { name: 'リソースを編集' });
    const fee = within(dialog).getByLabelText('指名料');
    await app.user.clear(fee);
    await app.user.type(fee, '1100');
    await app.user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('リソースを更新しました')).toBeVisible();
    expect(app.callsTo('PUT', `${BASE}/resources/1`)[0]!.body).toEqual({
      name: '佐藤 美咲',
      kind: 'staff',
      description: '',
      nomination_fee: 1100,
      color: '#e53e3e',
      is_public: true,
    });
  });

  it('staff without reserve-write sees the resources only', async () => {
    renderSalon(PATH, catalogApi().handlers, { readOnly: true });
    const table = await screen.findByRole('table', { name: 'リソース一覧' });
    await waitFor(() => expect(shownNames(table)).toEqual(['佐藤 美咲', '田中 翔太', '個室A']));
    expect(
      screen.getByText('閲覧のみです。予約設定の変更には「予約」の書き込み権限が必要です。'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /追加|並び替え|削除|編集/ })).toBeNull();
  });
});
