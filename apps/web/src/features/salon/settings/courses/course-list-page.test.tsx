import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { renderSalon } from '@test/salon-fixtures';
import { BASE, catalogApi, gate, shownNames } from '@test/salon-settings-fixtures';

const PATH = '/line/reserve/salon/settings/courses';
const table = () => screen.findByRole('table', { name: 'コース一覧' });

describe('course settings', { timeout: 30_000 }, () => {
  it('RSV-17 RSV-22 a row moved with the keyboard shows in its new place at once, then the order is sent and kept', async () => {
    const api = catalogApi();
    const answer = gate<ReturnType<typeof reply>>();
    const app = renderSalon(PATH, {
      ...api.handlers,
      [`POST ${BASE}/courses/order`]: async (request) => {
        const result = await answer.promise;
        api.handlers[`POST ${BASE}/courses/order`]!(request);
        return result;
      },
    });
    await waitFor(async () => expect(shownNames(await table())).toEqual(['カット', 'カラー']));
    // The same frame as every settings section (decision 0106): this one marked in the navigation.
    const nav = screen.getByRole('navigation', { name: '設定の項目' });
    expect(within(nav).getByRole('link', { name: 'コース設定' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const trail = screen.getByRole('navigation', { name: 'パンくずリスト' });
    expect(within(trail).getByRole('link', { name: '予約設定' })).toHaveAttribute(
      'href',
      '/line/reserve/salon/settings',
    );

    const handle = screen.getByRole('button', { name: 'カット を並び替え（↑↓キーで移動）' });
    handle.focus();
    fireEvent.keyDown(handle, { key: 'ArrowDown' });
    // Applied before the server answers (spec §4).
    expect(shownNames(await table())).toEqual(['カラー', 'カット']);
    await waitFor(() => expect(app.callsTo('POST', `${BASE}/courses/order`)).toHaveLength(1));
    expect(app.callsTo('POST', `${BASE}/courses/order`)[0]!.body).toEqual({ ids: [2, 1] });

    answer.open(reply(200, { status: true }));
    expect(await screen.findByText('並び順を保存しました')).toBeVisible();
    await waitFor(() =>
      expect(app.callsTo('GET', `${BASE}/courses/all`).length).toBeGreaterThanOrEqual(2),
    );
    expect(shownNames(await table())).toEqual(['カラー', 'カット']);
  });

  it('RSV-22 when the server refuses the order, the list goes back and says why', async () => {
    const api = catalogApi();
    const answer = gate<ReturnType<typeof reply>>();
    // Reads after the refusal stay unanswered: only the rollback itself can restore the list.
    let reads = 0;
    const never = gate<ReturnType<typeof reply>>();
    renderSalon(PATH, {
      ...api.handlers,
      [`GET ${BASE}/courses/all`]: () =>
        ++reads === 1 ? reply(200, api.state.courses) : never.promise,
      [`POST ${BASE}/courses/order`]: () => answer.promise,
    });
    await waitFor(async () => expect(shownNames(await table())).toEqual(['カット', 'カラー']));
    const handle = screen.getByRole('button', { name: 'カラー を並び替え（↑↓キーで移動）' });
    handle.focus();
    fireEvent.keyDown(handle, { key: 'ArrowUp' });
    expect(shownNames(await table())).toEqual(['カラー', 'カット']);

    answer.open(
      reply(422, {
        message: '入力内容に誤りがあります',
        errors: { ids: ['並び順には、このサロンのすべての項目を重複なく指定してください'] },
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      '並び順を保存できなかったため、元の並び順に戻しました。並び順には、このサロンのすべての項目を重複なく指定してください',
    );
    expect(shownNames(await table())).toEqual(['カット', 'カラー']);
  });

  it('RSV-18 RSV-05 a new course: the client check, then the server field errors under their fields, then saved', async () => {
    const api = catalogApi();
    let attempts = 0;
    const app = renderSalon(PATH, {
      ...api.handlers,
      [`POST ${BASE}/courses`]: () =>
        ++attempts === 1
          ? reply(422, {
              message: '入力内容に誤りがあります',
              errors: { name: ['同じ名前のコースがあります'] },
            })
          : reply(201, { status: true, id: 9 }),
    });
    await app.user.click(await screen.findByRole('button', { name: 'コースを追加' }));
    const dialog = screen.getByRole('dialog', { name: 'コースを追加' });
    await app.user.click(within(dialog).getByRole('button', { name: '追加' }));
    expect(within(dialog).getByText('名前を入力してください')).toBeVisible();
    expect(app.callsTo('POST', `${BASE}/courses`)).toHaveLength(0);

    await app.user.type(within(dialog).getByLabelText('コース名'), 'ヘッドスパ');
    const duration = within(dialog).getByLabelText('所要時間');
    await app.user.clear(duration);
    await app.user.type(duration, '45');
    await app.user.click(within(dialog).getByRole('button', { name: '追加' }));
    expect(await within(dialog).findByText('同じ名前のコースがあります')).toBeVisible();
    expect(within(dialog).getByLabelText('コース名')).toHaveAccessibleDescription(
      /同じ名前のコースがあります/,
    );

    await app.user.click(within(dialog).getByRole('button', { name: '追加' }));
    expect(await screen.findByText('コースを登録しました')).toBeVisible();
    expect(app.callsTo('POST', `${BASE}/courses`)[1]!.body).toMatchObject({
      name: 'ヘッドスパ',
      duration: 45,
      price: 0,
      is_public: true,
    });
    expect(screen.queryByRole('dialog', { name: 'コースを追加' })).toBeNull();
  });

  it('RSV-21 deleting a course asks first, then sends DELETE', async () => {
    const api = catalogApi();
    const app = renderSalon(PATH, {
      ...api.handlers,
      [`DELETE ${BASE}/courses/:id`]: () => reply(200, { status: true }),
    });
    await app.user.click(await screen.findByRole('button', { name: 'カラーを削除' }));
    const confirm = screen.getByRole('alertdialog', { name: 'コースを削除' });
    expect(confirm).toHaveTextContent('コース「カラー」を削除しますか？');
    await app.user.click(within(confirm).getByRole('button', { name: '削除する' }));
    expect(await screen.findByText('コース「カラー」を削除しました')).toBeVisible();
    expect(app.callsTo('DELETE', `${BASE}/courses/2`)).toHaveLength(1);
  });

  it('staff without reserve-write sees the courses without any control, and the read-only note', async () => {
    renderSalon(PATH, catalogApi().handlers, { readOnly: true });
    await waitFor(async () => expect(shownNames(await table())).toEqual(['カット', 'カラー']));
    expect(
      screen.getByText('閲覧のみです。予約設定の変更には「予約」の書き込み権限が必要です。'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'コースを追加' })).toBeNull();
    expect(screen.queryByRole('button', { name: /並び替え/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /削除|編集/ })).toBeNull();
  });
});
