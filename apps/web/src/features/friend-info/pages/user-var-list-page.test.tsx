import type { Varia, VarItem } from '@tsunagu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { makeSession } from '@test/fixtures';
import { renderApp } from '@test/render-app';

function item(id: number, extra: Partial<VarItem> = {}): VarItem {
  return { id, name: `項目${id}`, type: 'text', group_id: 1, favorite: false, order: id, ...extra };
}

const VARIA: Varia = {
  groups: [
    { id: 'fav', name: 'お気に入り', order: 0, ids: [2] },
    { id: 1, name: '基本情報', order: 1, ids: [1, 2] },
  ],
  items: [
    item(1, { name: '誕生日', type: 'date' }),
    item(2, { name: '会員ランク', type: 'choice', favorite: true, order: 2 }),
    item(3, { name: 'メモ', group_id: null, order: 1 }),
  ],
  ids: [1, 2, 3],
};

const variaCalls = (app: ReturnType<typeof renderApp>) =>
  app.calls.filter((call) => call.method === 'GET' && call.path === '/api/v_resource/varia');

function preload(data: unknown) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'preload-varia';
  element.textContent = JSON.stringify(data);
  document.head.append(element);
}

afterEach(() => document.getElementById('preload-varia')?.remove());

describe('UserVarList (issue 13)', () => {
  it('REF-08 reads the items from the page’s preloaded resource without calling the API', async () => {
    preload(VARIA);
    const app = renderApp('/vue3-dev/line/var', {
      session: makeSession(),
      api: { 'GET /api/v_resource/varia': () => reply(200, VARIA) },
    });
    expect(await screen.findByRole('table', { name: '基本情報' })).toBeVisible();
    expect(within(screen.getByRole('table', { name: '未分類' })).getByText('メモ')).toBeVisible();
    expect(variaCalls(app)).toHaveLength(0);
    // Taken once: a later load asks the server (edits since the page loaded are not undone).
    expect(document.getElementById('preload-varia')).toBeNull();
  });

  it('REF-06 REF-13 loads the items by API when nothing is preloaded, favourites in their own group', async () => {
    const app = renderApp('/vue3-dev/line/var', {
      session: makeSession(),
      api: { 'GET /api/v_resource/varia': () => reply(200, VARIA) },
    });
    const fav = await screen.findByRole('list', { name: 'お気に入り' });
    expect(
      within(fav)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['会員ランク']);
    expect(variaCalls(app)).toHaveLength(1);
  });

  it('creates a choice field, toggles a favourite and edits choices with tag-write', async () => {
    const app = renderApp('/vue3-dev/line/var', {
      session: makeSession(),
      api: {
        'GET /api/v_resource/varia': () => reply(200, VARIA),
        'POST /api/var/items': () => reply(201, { id: 9 }),
        'PATCH /api/var/items/:id/favorite': () => reply(200, { status: true }),
        'GET /api/var/choice/:id': () => reply(200, [{ id: 5, name: 'ゴールド', order: 1 }]),
        'PUT /api/var/choice/:id': ({ body }) => reply(200, (body as { choices: [] }).choices),
      },
    });
    await app.user.click(await screen.findByRole('button', { name: '友だち情報欄を作成' }));
    const dialog = await screen.findByRole('dialog', { name: '友だち情報欄の作成' });
    await app.user.type(within(dialog).getByLabelText('項目名'), '来店きっかけ');
    await app.user.click(within(dialog).getByRole('combobox', { name: '種類' }));
    await app.user.click(await screen.findByRole('option', { name: '選択（複数）' }));
    await app.user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(app.calls.find((call) => call.method === 'POST')?.body).toEqual({
        name: '来店きっかけ',
        type: 'multi_choice',
        group_id: null,
      }),
    );

    await app.user.click(screen.getByRole('button', { name: '「誕生日」をお気に入り' }));
    await waitFor(() =>
      expect(app.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ favorite: true }),
    );

    await app.user.click(screen.getByRole('button', { name: '選択肢' }));
    const choices = await screen.findByRole('dialog', { name: '「会員ランク」の選択肢' });
    expect(await within(choices).findByDisplayValue('ゴールド')).toBeVisible();
    await app.user.click(within(choices).getByRole('button', { name: '選択肢を追加' }));
    await app.user.type(within(choices).getByLabelText('選択肢 2'), 'シルバー');
    await app.user.click(within(choices).getByRole('button', { name: '選択肢 2 を上へ' }));
    await app.user.click(within(choices).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(app.calls.find((call) => call.method === 'PUT')?.body).toEqual({
        choices: [{ name: 'シルバー' }, { id: 5, name: 'ゴールド' }],
      }),
    );
  });

  it('moves a folder below the next one: the whole folder order is saved, and the last cannot go further', async () => {
    const three: Varia = {
      ...VARIA,
      groups: [
        ...VARIA.groups,
        { id: 2, name: '来店', order: 2, ids: [] },
        { id: 4, name: 'アンケート', order: 3, ids: [] },
      ],
    };
    const app = renderApp('/vue3-dev/line/var', {
      session: makeSession(),
      api: {
        'GET /api/v_resource/varia': () => reply(200, three),
        'POST /api/var/groups/sort': () => reply(200, { status: true }),
      },
    });
    await app.user.click(await screen.findByRole('button', { name: 'フォルダ「基本情報」を下へ' }));
    await waitFor(() =>
      expect(app.calls.find((call) => call.path === '/api/var/groups/sort')?.body).toEqual({
        ids: [2, 1, 4],
      }),
    );
    expect(await screen.findByText('フォルダの並び順を保存しました')).toBeVisible();
    expect(screen.getByRole('button', { name: 'フォルダ「基本情報」を上へ' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'フォルダ「アンケート」を下へ' })).toBeDisabled();
  });

  it('reorders a folder with the keyboard and saves the new order', async () => {
    const app = renderApp('/vue3-dev/line/var', {
      session: makeSession(),
      api: {
        'GET /api/v_resource/varia': () => reply(200, VARIA),
        'POST /api/var/items/sort': () => reply(200, { status: true }),
      },
    });
    const handle = await screen.findByRole('button', { name: '誕生日 を並び替え（↑↓キーで移動）' });
    handle.focus();
    await app.user.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(app.calls.find((call) => call.path === '/api/var/items/sort')?.body).toEqual({
        group_id: 1,
        ids: [2, 1],
      }),
    );
    expect(await screen.findByText('並び順を保存しました')).toBeVisible();
  });

  it('shows the same lists with no controls to an operator without tag-write', async () => {
    const app = renderApp('/vue3-dev/line/var', {
      session: makeSession({ permissions: [], isOwner: false }),
      api: {
        'GET /api/v_resource/varia': () => reply(200, VARIA),
        'GET /api/var/choice/:id': () => reply(200, [{ id: 5, name: 'ゴールド', order: 1 }]),
      },
    });
    expect(await screen.findByRole('table', { name: '基本情報' })).toBeVisible();
    expect(screen.getByRole('note')).toHaveTextContent(
      '閲覧のみです。友だち情報欄の作成・変更には「タグの編集」の権限が必要です。',
    );
    expect(screen.queryByRole('button', { name: '友だち情報欄を作成' })).toBeNull();
    expect(screen.queryByRole('button', { name: '編集' })).toBeNull();
    expect(screen.queryByRole('button', { name: /お気に入り/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /並び替え/ })).toBeNull();
    // The choices can be read, not edited.
    await app.user.click(screen.getByRole('button', { name: '選択肢を見る' }));
    const dialog = await screen.findByRole('dialog', { name: '「会員ランク」の選択肢' });
    expect(await within(dialog).findByRole('listitem')).toHaveTextContent('ゴールド');
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: '保存' })).toBeNull();
  });

  it('says so in Japanese when the items cannot be read', async () => {
    renderApp('/vue3-dev/line/var', {
      session: makeSession(),
      api: { 'GET /api/v_resource/varia': () => reply(403, { message: '権限がありません' }) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '友だち情報の読み込み中にエラーが発生しました',
    );
  });
});
