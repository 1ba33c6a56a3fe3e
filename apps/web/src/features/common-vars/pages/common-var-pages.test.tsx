import type { CommonVarItem, CommonVars } from '@tsunagu/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, type FakeHandler } from '@test/fake-api';
import { findStatus } from '@test/find-status';
import { makeSession } from '@test/fixtures';
import { renderApp } from '@test/render-app';
import { LEAVE_TEXT } from '@/ui/leave-guard';

const item = (id: number, extra: Partial<CommonVarItem>): CommonVarItem => ({
  id,
  name: `項目${id}`,
  type: 'text',
  group_id: 1,
  favorite: false,
  code: `code_${id}`,
  value: '',
  order: id,
  ...extra,
});

const LIST: CommonVars = {
  groups: [
    { id: 'fav', name: 'お気に入り', order: 0, ids: [2] },
    { id: 1, name: '店舗情報', order: 1, ids: [1, 2] },
    { id: 3, name: '空のフォルダ', order: 2, ids: [] },
  ],
  items: [
    item(1, { name: '店舗電話番号', code: 'tel', value: '03-6555-0123' }),
    item(2, {
      name: 'キャンペーン終了日',
      type: 'date',
      code: 'winter_end',
      value: '2027-02-28',
      favorite: true,
      order: 2,
    }),
    item(4, { name: '予約ページ', type: 'url', code: 'booking', value: '', group_id: null }),
  ],
  ids: [1, 2, 4],
};

function render(path: string, api: Record<string, FakeHandler> = {}) {
  return renderApp(path, {
    session: makeSession(),
    api: {
      'GET /api/v_resource/common_vars': () => reply(200, LIST),
      'GET /api/common_vars/:id': ({ params }) => {
        const found = LIST.items.find((each) => each.id === Number(params.id));
        return found ? reply(200, found) : reply(404, { message: '共通情報が見つかりません' });
      },
      ...api,
    },
  });
}

describe('CommonVarList, CommonVarNew and CommonVarEdit (issue 13)', () => {
  it('REF-10 REF-13 lists お気に入り first, then folders and 未分類, each item with its alias, type and value', async () => {
    render('/line/common_var');
    const favorites = await screen.findByRole('region', { name: /お気に入り/ });
    expect(within(favorites).getByText('キャンペーン終了日')).toBeVisible();
    const shop = screen.getByRole('region', { name: /店舗情報/ });
    const rows = within(shop).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('店舗電話番号{{commonVar:tel}}コピーテキスト03-6555-0123');
    expect(rows[2]).toHaveTextContent('{{commonVar:winter_end}}');
    expect(rows[2]).toHaveTextContent('2027/02/28');
    // A folder holding items cannot be deleted; an empty one can.
    expect(within(shop).getByRole('button', { name: 'フォルダを削除' })).toBeDisabled();
    const empty = screen.getByRole('region', { name: /空のフォルダ/ });
    expect(within(empty).getByRole('button', { name: 'フォルダを削除' })).toBeEnabled();
    const loose = screen.getByRole('region', { name: /未分類/ });
    expect(within(loose).getByText('—')).toBeVisible();
    expect(within(loose).getByRole('link', { name: '「予約ページ」を複製' })).toHaveAttribute(
      'href',
      '/line/common_var/new?copy=4',
    );
  });

  it('ROUTE-27 ?copy= starts from that item: 「…のコピー」, its type, value and folder, a new code to choose', async () => {
    let created: unknown;
    const app = render('/line/common_var/new?copy=1', {
      'POST /api/common_vars': ({ body }) => {
        created = body;
        return reply(201, { id: 9 });
      },
    });
    expect(await screen.findByLabelText('項目名')).toHaveValue('店舗電話番号のコピー');
    expect(screen.getByLabelText('値')).toHaveValue('03-6555-0123');
    expect(screen.getByRole('combobox', { name: 'フォルダ' })).toHaveTextContent('店舗情報');
    expect(screen.getByLabelText('コード')).toHaveValue('');
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    expect(
      screen.getByText('コードは英小文字で始め、英小文字・数字・_ の50文字以内で入力してください'),
    ).toBeVisible();
    expect(created).toBeUndefined();

    await app.user.type(screen.getByLabelText('コード'), 'tel_2');
    expect(screen.getByText(/\{\{commonVar:tel_2\}\}/)).toBeVisible();
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    expect(await findStatus('共通情報を作成しました')).toBeVisible();
    expect(created).toEqual({
      name: '店舗電話番号のコピー',
      type: 'text',
      code: 'tel_2',
      value: '03-6555-0123',
      group_id: 1,
    });
    expect(app.router.state.location.pathname).toBe('/line/common_var');
  });

  it('edit: a value wrong for its type is named before anything is sent; the server’s 422 on the code is shown', async () => {
    const sent: unknown[] = [];
    const app = render('/line/common_var/edit/1', {
      'PUT /api/common_vars/:id': ({ body }) => {
        sent.push(body);
        return reply(422, {
          message: '入力内容を確認してください',
          errors: { code: ['同じコードの共通情報があります'] },
        });
      },
    });
    const value = await screen.findByLabelText('値');
    await app.user.click(screen.getByRole('combobox', { name: '種類' }));
    await app.user.click(screen.getByRole('option', { name: 'URL' }));
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    expect(
      screen.getByText('値は https:// または http:// で始まるURLを入力してください'),
    ).toBeVisible();
    expect(sent).toEqual([]);
    await app.user.clear(value);
    await app.user.type(value, 'https://example.com/shop');
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('同じコードの共通情報があります')).toBeVisible();
    expect(sent).toHaveLength(1);
  });

  it('REF-29 leaving an edited form asks first; staying keeps the edit', async () => {
    const app = render('/line/common_var/edit/1');
    const name = await screen.findByLabelText('項目名');
    await app.user.type(name, '（本店）');
    const breadcrumbs = screen.getByRole('navigation', { name: 'パンくずリスト' });
    await app.user.click(within(breadcrumbs).getByRole('link', { name: '共通情報一覧' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(LEAVE_TEXT.message);
    await app.user.click(within(confirm).getByRole('button', { name: LEAVE_TEXT.stay }));
    expect(app.router.state.location.pathname).toBe('/line/common_var/edit/1');
    expect(screen.getByLabelText('項目名')).toHaveValue('店舗電話番号（本店）');
  });
});
