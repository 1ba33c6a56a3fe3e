import type { TagInput, TagList } from '@tsunagu/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, type FakeHandler, type FakeReply } from '@test/fake-api';
import { findStatus } from '@test/find-status';
import { makeSession } from '@test/fixtures';
import { renderApp } from '@test/render-app';
import { LEAVE_TEXT } from '@/ui/leave-guard';

const tagList: TagList = {
  groups: [
    { id: 1, name: 'ランク', order: 1 },
    { id: 2, name: '空のグループ', order: 2 },
  ],
  tags: [
    { id: 5, name: 'VIP', group_id: 1, order: 1, friend_count: 1234 },
    { id: 6, name: '新規', group_id: null, order: 1, friend_count: 0 },
  ],
};
const listApi = () => reply(200, tagList);

function render(path: string, api: Record<string, FakeHandler> = {}) {
  return renderApp(path, {
    session: makeSession(),
    api: { 'GET /api/line/tags': listApi, ...api },
  });
}

describe('TagList and TagSetting (issue 13)', () => {
  it('ROUTE-08 lists groups, then 未分類, with each tag’s friend count', async () => {
    render('/vue3-dev/line/tag');
    const rank = await screen.findByRole('region', { name: /ランク/ });
    expect(within(rank).getByRole('link', { name: 'VIP' })).toHaveAttribute(
      'href',
      '/vue3-dev/line/tag/setting/5',
    );
    expect(within(rank).getByText('1,234人')).toBeVisible();
    // A group that still has tags cannot be deleted; an empty one can.
    expect(within(rank).getByRole('button', { name: 'グループを削除' })).toBeDisabled();
    const empty = screen.getByRole('region', { name: /空のグループ/ });
    expect(within(empty).getByText('タグはまだありません')).toBeVisible();
    expect(within(empty).getByRole('link', { name: 'タグを追加' })).toHaveAttribute(
      'href',
      '/vue3-dev/line/tag/setting/new?group=2',
    );
    const loose = screen.getByRole('region', { name: /未分類/ });
    expect(within(loose).getByText('0人')).toBeVisible();
  });

  it('creates a group in a dialog and shows the server’s 422 on the name', async () => {
    const app = render('/vue3-dev/line/tag', {
      'POST /api/line/tag_groups': () =>
        reply(422, {
          message: '入力内容を確認してください',
          errors: { name: ['同じ名前のグループがあります'] },
        }),
    });
    await app.user.click(await screen.findByRole('button', { name: 'グループを作成' }));
    const dialog = screen.getByRole('dialog', { name: 'グループの作成' });
    await app.user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByText('グループ名を入力してください')).toBeVisible();
    await app.user.type(within(dialog).getByLabelText('グループ名'), 'ランク');
    await app.user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('同じ名前のグループがあります')).toBeVisible();
  });

  it('deletes an empty group after a confirmation naming it', async () => {
    let deleted = '';
    const app = render('/vue3-dev/line/tag', {
      'DELETE /api/line/tag_groups/:id': ({ params }) => {
        deleted = params.id!;
        return reply(200, { status: true });
      },
    });
    const empty = await screen.findByRole('region', { name: /空のグループ/ });
    await app.user.click(within(empty).getByRole('button', { name: 'グループを削除' }));
    const confirm = screen.getByRole('alertdialog', { name: 'グループ「空のグループ」の削除' });
    await app.user.click(within(confirm).getByRole('button', { name: '削除する' }));
    expect(await findStatus('グループを削除しました')).toBeVisible();
    expect(deleted).toBe('2');
  });

  it('ROUTE-09 a new tag starts in the ?group given and is created with that group', async () => {
    let created: unknown;
    const app = render('/vue3-dev/line/tag/setting/new?group=1', {
      'POST /api/line/tags': ({ body }) => {
        created = body;
        return reply(201, { id: 9 });
      },
    });
    expect(await screen.findByRole('combobox', { name: 'グループ' })).toHaveTextContent('ランク');
    await app.user.type(screen.getByLabelText('タグ名'), ' ゴールド ');
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    expect(await findStatus('タグを作成しました')).toBeVisible();
    expect(created).toEqual({ name: 'ゴールド', group_id: 1 } satisfies TagInput);
    expect(app.router.state.location.pathname).toBe('/vue3-dev/line/tag');
  });

  it('renames and moves a tag; a name clash shows the server’s Japanese message on the field', async () => {
    const bodies: unknown[] = [];
    const app = render('/vue3-dev/line/tag/setting/5', {
      'GET /api/line/tags/:id': () => reply(200, tagList.tags[0]),
      'PUT /api/line/tags/:id': ({ body }) => {
        bodies.push(body);
        return bodies.length === 1
          ? reply(422, {
              message: '入力内容を確認してください',
              errors: { name: ['このグループには同じ名前のタグがあります'] },
            })
          : reply(200, { ...tagList.tags[0], name: 'VIP会員', group_id: null });
      },
    });
    const name = await screen.findByLabelText('タグ名');
    expect(name).toHaveValue('VIP');
    expect(screen.getByText('このタグが付いている友だち：1,234人')).toBeVisible();
    await app.user.clear(name);
    await app.user.type(name, 'VIP会員');
    await app.user.click(screen.getByRole('combobox', { name: 'グループ' }));
    await app.user.click(screen.getByRole('option', { name: '未分類' }));
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('このグループには同じ名前のタグがあります')).toBeVisible();
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    expect(await findStatus('タグを保存しました')).toBeVisible();
    expect(bodies).toEqual([
      { name: 'VIP会員', group_id: null },
      { name: 'VIP会員', group_id: null },
    ]);
  });

  it('deletes a tag from its DangerZone, saying its friends lose it', async () => {
    let deleted = false;
    let releaseList: () => void = () => {};
    const app = render('/vue3-dev/line/tag/setting/5', {
      // As the server: once deleted, the tag is not found. The refresh after the delete asks for
      // it and for the list; the list is held until the page has shown the 404, as in a browser.
      'GET /api/line/tags': () =>
        deleted
          ? new Promise<FakeReply>((resolve) => (releaseList = () => resolve(listApi())))
          : listApi(),
      'GET /api/line/tags/:id': () =>
        deleted ? reply(404, { message: 'タグが見つかりません' }) : reply(200, tagList.tags[0]),
      'DELETE /api/line/tags/:id': () => {
        deleted = true;
        return reply(200, { status: true });
      },
    });
    await app.user.click(await screen.findByRole('button', { name: 'このタグを削除' }));
    const confirm = screen.getByRole('alertdialog', { name: 'タグ「VIP」の削除' });
    expect(confirm).toHaveTextContent('このタグが付いている友だち1,234人からも外れます。');
    await app.user.click(within(confirm).getByRole('button', { name: '削除する' }));
    expect(await screen.findByText('タグが見つかりません')).toBeVisible();
    releaseList();
    expect(await findStatus('タグを削除しました')).toBeVisible();
    expect(deleted).toBe(true);
    expect(app.router.state.location.pathname).toBe('/vue3-dev/line/tag');
  });

  it('says a tag id that is neither a number nor new finds no tag', async () => {
    render('/vue3-dev/line/tag/setting/abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('タグが見つかりません');
  });

  it('asks before leaving a tag form with unsaved changes', async () => {
    const app = render('/vue3-dev/line/tag/setting/new');
    await app.user.type(await screen.findByLabelText('タグ名'), '下書き');
    const trail = screen.getByRole('navigation', { name: 'パンくずリスト' });
    await app.user.click(within(trail).getByRole('link', { name: 'タグ管理' }));
    const ask = await screen.findByRole('alertdialog', { name: LEAVE_TEXT.title });
    await app.user.click(within(ask).getByRole('button', { name: LEAVE_TEXT.stay }));
    expect(screen.getByLabelText('タグ名')).toHaveValue('下書き');
    expect(app.router.state.location.pathname).toBe('/vue3-dev/line/tag/setting/new');
  });
});
