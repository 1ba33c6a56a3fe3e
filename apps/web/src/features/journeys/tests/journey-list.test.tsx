import { MESSAGES } from '@tsunagu/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, type FakeHandler } from '@test/fake-api';
import { makeSession } from '@test/fixtures';
import { renderApp } from '@test/render-app';
import { assertLoaded, NotLoadedError } from '../api/loaded-guard';
import { GROUPS, JOURNEYS, TAGS, journeyApi } from './journey-fixtures';

const PATH = '/line/journey-tag';

function render(extra: Record<string, FakeHandler> = {}, permissions?: []) {
  const api = journeyApi();
  return renderApp(PATH, {
    session: makeSession(permissions ? { permissions, isOwner: false } : {}),
    api: { ...api.handlers, ...extra },
  });
}

const rowNames = (table: HTMLElement) =>
  within(table)
    .getAllByRole('link')
    .map((link) => link.textContent);

/** Resolves when the test says so: the screen's state while a call is still out. */
function gate<T>() {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

describe('journey list (issue 14, JRN-05..29, decision 0169)', () => {
  it('JRN-01 JRN-02 JRN-05 JRN-15 shows お気に入り, each folder in order and 未分類, with state and counts', async () => {
    render();
    const favorites = await screen.findByRole('table', { name: 'お気に入り' });
    expect(rowNames(favorites)).toEqual(['誕生日', '休眠のお客さま']);
    const first = screen.getByRole('table', { name: '新規のお客さま' });
    expect(rowNames(first)).toEqual(['初回来店のお礼', '2回目のご案内']);
    expect(within(first).getByText('3人／12人')).toBeVisible();
    expect(within(first).getByText('停止中')).toBeVisible();
    const regions = screen
      .getAllByRole('region')
      .map((region) => region.getAttribute('aria-label'))
      .filter((name) => name !== null);
    expect(regions).toEqual(['お気に入り', '新規のお客さま', '常連さま', '未分類']);
    expect(screen.getByText(/予約の前後に決まった順で送るだけならエピソード/)).toBeVisible();
  });

  it('JRN-09 a journey moved shows in its place at once, and the whole folder is sent', async () => {
    const answer = gate<ReturnType<typeof reply>>();
    const app = render({ 'POST /api/journeys/sort': () => answer.promise });
    const table = await screen.findByRole('table', { name: '新規のお客さま' });
    const handle = within(table).getByRole('button', {
      name: '初回来店のお礼 を並び替え（↑↓キーで移動）',
    });
    handle.focus();
    fireEvent.keyDown(handle, { key: 'ArrowDown' });
    // Shown while the server has not answered (the call is held open).
    await waitFor(() => expect(rowNames(table)).toEqual(['2回目のご案内', '初回来店のお礼']));
    await waitFor(() =>
      expect(app.calls.filter((call) => call.path === '/api/journeys/sort')).toHaveLength(1),
    );
    expect(app.calls.find((call) => call.path === '/api/journeys/sort')!.body).toEqual({
      group_id: 1,
      ids: [11, 10],
    });
    answer.open(reply(200, { status: true }));
    expect(await screen.findByText('並び順を保存しました')).toBeVisible();
  });

  it('JRN-09 ERR-05 when the sort fails the previous order comes back with the server’s field messages', async () => {
    let reads = 0;
    const never = gate<ReturnType<typeof reply>>();
    const refusal = gate<ReturnType<typeof reply>>();
    const api = journeyApi();
    renderApp(PATH, {
      session: makeSession(),
      api: {
        ...api.handlers,
        // Reads after the refusal stay unanswered: only the rollback can restore the order.
        'GET /api/journeys': () => (++reads === 1 ? reply(200, JOURNEYS) : never.promise),
        'POST /api/journeys/sort': () => refusal.promise,
      },
    });
    const table = await screen.findByRole('table', { name: '新規のお客さま' });
    const handle = within(table).getByRole('button', {
      name: '2回目のご案内 を並び替え（↑↓キーで移動）',
    });
    handle.focus();
    fireEvent.keyDown(handle, { key: 'ArrowUp' });
    await waitFor(() => expect(rowNames(table)).toEqual(['2回目のご案内', '初回来店のお礼']));
    refusal.open(
      reply(422, {
        message: '入力内容に誤りがあります',
        errors: { ids: ['並び順が最新ではありません。画面を再読み込みしてください'] },
      }),
    );
    expect(
      await screen.findByText(
        '並び順を元に戻しました。並び順が最新ではありません。画面を再読み込みしてください',
      ),
    ).toBeVisible();
    expect(rowNames(table)).toEqual(['初回来店のお礼', '2回目のご案内']);
  });

  it('JRN-10 favourites are sorted among themselves', async () => {
    // Held open: the new order shows before the server answers.
    const answer = gate<ReturnType<typeof reply>>();
    const app = render({ 'POST /api/journeys/sort/favorite': () => answer.promise });
    const table = await screen.findByRole('table', { name: 'お気に入り' });
    const handle = within(table).getByRole('button', {
      name: '休眠のお客さま を並び替え（↑↓キーで移動）',
    });
    handle.focus();
    fireEvent.keyDown(handle, { key: 'ArrowUp' });
    await waitFor(() => expect(rowNames(table)).toEqual(['休眠のお客さま', '誕生日']));
    await waitFor(() =>
      expect(app.calls.find((call) => call.path === '/api/journeys/sort/favorite')?.body).toEqual({
        ids: [13, 12],
      }),
    );
    answer.open(reply(200, { status: true }));
    expect(await screen.findByText('並び順を保存しました')).toBeVisible();
  });

  it('JRN-17 ERR-03 folders move at once and come back if the server refuses (不明なエラー for a fault)', async () => {
    let reads = 0;
    const never = gate<ReturnType<typeof reply>>();
    const api = journeyApi();
    const app = renderApp(PATH, {
      session: makeSession(),
      api: {
        ...api.handlers,
        'GET /api/journey_groups': () => (++reads === 1 ? reply(200, GROUPS) : never.promise),
        'POST /api/journey_groups/sort': () => reply(500, { message: 'サーバーでエラー' }),
      },
    });
    await app.user.click(await screen.findByRole('button', { name: 'フォルダ「常連さま」を上へ' }));
    expect(app.calls.find((call) => call.path === '/api/journey_groups/sort')?.body).toEqual({
      ids: [2, 1],
    });
    expect(
      await screen.findByText(`並び順を元に戻しました。${MESSAGES.unknownError}`),
    ).toBeVisible();
    const names = screen
      .getAllByRole('region')
      .map((region) => region.getAttribute('aria-label'))
      .filter((name) => name !== null);
    expect(names).toEqual(['お気に入り', '新規のお客さま', '常連さま', '未分類']);
  });

  it('JRN-11 JRN-12 deletes or moves the rows chosen', async () => {
    const app = render({
      'POST /api/journeys/mv_group': () => reply(200, { status: true }),
      'POST /api/journeys/bulk_delete': () => reply(200, { status: true }),
    });
    const table = await screen.findByRole('table', { name: '新規のお客さま' });
    await app.user.click(within(table).getByRole('checkbox', { name: '初回来店のお礼 を選択' }));
    await app.user.click(within(table).getByRole('checkbox', { name: '2回目のご案内 を選択' }));
    const bar = screen.getByRole('group', { name: '選んだジャーニー' });
    await app.user.selectOptions(within(bar).getByLabelText('移動先'), '2');
    await app.user.click(within(bar).getByRole('button', { name: 'フォルダへ移動' }));
    expect(await screen.findByText('2件を移動しました')).toBeVisible();
    expect(app.calls.find((call) => call.path === '/api/journeys/mv_group')?.body).toEqual({
      group_id: 2,
      ids: [10, 11],
    });

    await app.user.click(within(table).getByRole('checkbox', { name: '初回来店のお礼 を選択' }));
    await app.user.click(
      within(screen.getByRole('group', { name: '選んだジャーニー' })).getByRole('button', {
        name: 'まとめて削除',
      }),
    );
    await app.user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'まとめて削除する' }),
    );
    expect(await screen.findByText('1件を削除しました')).toBeVisible();
    expect(app.calls.find((call) => call.path === '/api/journeys/bulk_delete')?.body).toEqual({
      ids: [10],
    });
  });

  it('JRN-08 JRN-13 JRN-14 favourite, copy and delete one journey', async () => {
    const app = render({
      'PATCH /api/journeys/10/fav': () => reply(200, { favorite: true, favorite_order: 3 }),
      'POST /api/journeys/10/copy': () =>
        reply(201, { ...JOURNEYS[0], id: 14, name: '初回来店のお礼のコピー', is_active: false }),
      'DELETE /api/journeys/11': () => reply(200, { status: true }),
    });
    await app.user.click(
      await screen.findByRole('button', { name: '「初回来店のお礼」をお気に入りにする' }),
    );
    await waitFor(() =>
      expect(app.calls.find((call) => call.path === '/api/journeys/10/fav')?.body).toEqual({
        favorite: true,
      }),
    );
    await app.user.click(screen.getByRole('button', { name: '「初回来店のお礼」をコピー' }));
    expect(await screen.findByText('「初回来店のお礼のコピー」を作成しました')).toBeVisible();
    await app.user.click(screen.getByRole('button', { name: '「2回目のご案内」を削除' }));
    await app.user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: '削除する' }),
    );
    expect(await screen.findByText('ジャーニーを削除しました')).toBeVisible();
  });

  it('JRN-16 JRN-18 JRN-19 folders: create, rename, delete (its journeys go to 未分類)', async () => {
    const app = render({
      'POST /api/journey_groups': () => reply(201, { id: 3, name: '紹介', order: 3 }),
      'PATCH /api/journey_groups/2/rename': () => reply(200, { id: 2, name: 'VIP', order: 2 }),
      'DELETE /api/journey_groups/2': () => reply(200, { status: true }),
    });
    await app.user.click(await screen.findByRole('button', { name: 'フォルダを作成' }));
    let dialog = screen.getByRole('dialog', { name: 'フォルダの作成' });
    await app.user.type(within(dialog).getByLabelText('フォルダ名'), '紹介');
    await app.user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('フォルダを作成しました')).toBeVisible();

    await app.user.click(screen.getByRole('button', { name: 'フォルダ「常連さま」の名前を変更' }));
    dialog = screen.getByRole('dialog', { name: 'フォルダ名の変更' });
    await app.user.clear(within(dialog).getByLabelText('フォルダ名'));
    await app.user.type(within(dialog).getByLabelText('フォルダ名'), 'VIP');
    await app.user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('フォルダ名を変更しました')).toBeVisible();
    expect(app.calls.find((call) => call.path === '/api/journey_groups/2/rename')?.body).toEqual({
      name: 'VIP',
    });

    await app.user.click(screen.getByRole('button', { name: 'フォルダ「常連さま」を削除' }));
    const confirm = screen.getByRole('alertdialog');
    expect(within(confirm).getByText(/中のジャーニーは未分類に移ります/)).toBeVisible();
    await app.user.click(within(confirm).getByRole('button', { name: '削除する' }));
    expect(await screen.findByText('フォルダを削除しました')).toBeVisible();
  });

  it('JRN-20 JRN-21 JRN-22 JRN-23 JRN-29 the journey tag modal lists, adds, renames and deletes tags', async () => {
    const app = render({
      'POST /api/journey_tags': () =>
        reply(201, { id: 23, name: '紹介済み', order: 3, member_count: 0 }),
      'PATCH /api/journey_tags/21/rename': () => reply(200, { ...TAGS[0], name: 'お礼送付済み' }),
      'DELETE /api/journey_tags/22': () => reply(200, { status: true }),
    });
    await app.user.click(await screen.findByRole('button', { name: 'ジャーニータグ' }));
    const modal = screen.getByRole('dialog', { name: 'ジャーニータグ' });
    const list = await within(modal).findByRole('list', { name: 'ジャーニータグ一覧' });
    expect(within(list).getByText('お礼済み')).toBeVisible();
    expect(within(list).getByText('4人')).toBeVisible();
    await app.user.type(within(modal).getByLabelText('新しいジャーニータグ'), '紹介済み');
    await app.user.click(within(modal).getByRole('button', { name: '追加' }));
    expect(await screen.findByText('ジャーニータグを追加しました')).toBeVisible();
    expect(
      app.calls.find((call) => call.path === '/api/journey_tags' && call.method === 'POST')?.body,
    ).toEqual({
      name: '紹介済み',
    });

    await app.user.click(within(modal).getByRole('button', { name: '「お礼済み」の名前を変更' }));
    const naming = screen.getByRole('dialog', { name: 'ジャーニータグ名の変更' });
    await app.user.clear(within(naming).getByLabelText('ジャーニータグ名'));
    await app.user.type(within(naming).getByLabelText('ジャーニータグ名'), 'お礼送付済み');
    await app.user.click(within(naming).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('ジャーニータグ名を変更しました')).toBeVisible();

    await app.user.click(within(modal).getByRole('button', { name: '「再来店」を削除' }));
    await app.user.click(
      within(within(modal).getByRole('group', { name: '「再来店」の削除' })).getByRole('button', {
        name: '削除する',
      }),
    );
    expect(await screen.findByText('ジャーニータグを削除しました')).toBeVisible();
  });

  it('JRN-26 JRN-27 JRN-28 an update of a journey, folder or tag not in the loaded list is refused before any call', () => {
    const loaded = [{ id: 1 }, { id: 2 }];
    expect(() => assertLoaded(loaded, 2, 'journey')).not.toThrow();
    expect(() => assertLoaded(loaded, 9, 'journey')).toThrow(
      new NotLoadedError('ジャーニーが見つかりません'),
    );
    expect(() => assertLoaded(loaded, 9, 'group')).toThrow('フォルダが見つかりません');
    expect(() => assertLoaded(undefined, 1, 'tag')).toThrow('ジャーニータグが見つかりません');
  });

  it('staff reads the journeys and tags with no control to change them', async () => {
    render({}, []);
    const table = await screen.findByRole('table', { name: '新規のお客さま' });
    expect(screen.getByRole('note')).toHaveTextContent(
      '閲覧のみです。ジャーニーの作成・変更には「ファネルの編集」の権限が必要です。',
    );
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(within(table).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link', { name: 'ジャーニーを作成' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'フォルダを作成' })).toBeNull();
  });
});
