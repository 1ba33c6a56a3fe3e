import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { callsTo, renderTemplates, templateList } from './template-fixtures';

const LIST = '/line/template';

describe('テンプレート list (issue 14, ADR 0163)', () => {
  it('lists folders, then 未分類, with each template’s kind, message count, preview, Tokyo date and star', async () => {
    renderTemplates(LIST);
    const booking = await screen.findByRole('region', { name: /予約/ });
    const row = within(booking).getByRole('listitem', { name: '予約確認' });
    expect(within(row).getByText('ご予約ありがとうございます')).toBeVisible();
    expect(row).toHaveTextContent('メッセージ2件・更新 2025/06/01 10:30');
    expect(within(row).getByRole('button', { name: '「予約確認」をお気に入り' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(row).getByRole('link', { name: '編集' })).toHaveAttribute(
      'href',
      '/vue3-dev/line/template/edit/5',
    );
    expect(within(row).queryByText('フレックス')).not.toBeInTheDocument();
    expect(within(booking).getByRole('link', { name: '新規作成' })).toHaveAttribute(
      'href',
      '/vue3-dev/line/template/new?group=1',
    );
    const empty = screen.getByRole('region', { name: /空のフォルダ/ });
    expect(within(empty).getByText('テンプレートはまだありません')).toBeVisible();
    const loose = screen.getByRole('region', { name: /未分類/ });
    const flex = within(loose).getByRole('listitem', { name: 'キャンペーン' });
    expect(within(flex).getByText('フレックス')).toBeVisible();
    // 2025-06-02 15:00 UTC is already the 3rd in Tokyo.
    expect(flex).toHaveTextContent('2025/06/03 00:00');
    expect(within(flex).getByRole('link', { name: '編集' })).toHaveAttribute(
      'href',
      '/line/template/edit_v3/6?redirectTo=%2Fline%2Ftemplate',
    );
  });

  it('a preview’s aliases are shown as chips naming their friend-information item', async () => {
    renderTemplates(LIST, {
      'GET /api/templates': () =>
        reply(200, {
          ...templateList,
          items: [{ ...templateList.items[0]!, preview: '{{var:8}}様 ご予約ありがとうございます' }],
        }),
    });
    const row = await screen.findByRole('listitem', { name: '予約確認' });
    expect(await within(row).findByText('「呼び名」')).toBeVisible();
    expect(row).toHaveTextContent('「呼び名」様 ご予約ありがとうございます');
  });

  it('staff without template-write read the list without any write control, and are told why (issue 28)', async () => {
    renderTemplates(LIST, {}, { permissions: [], isOwner: false });
    const row = await screen.findByRole('listitem', { name: '予約確認' });
    expect(screen.getByRole('note')).toHaveTextContent(
      '閲覧のみです。テンプレートの作成・変更には「テンプレートの編集」の権限が必要です。',
    );
    expect(within(row).getByRole('img', { name: 'お気に入り' })).toBeVisible();
    expect(within(row).queryByRole('link')).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link', { name: '新規作成' })).not.toBeInTheDocument();
    for (const name of ['フォルダを作成', '編集', 'コピー', '削除', 'テスト送信'])
      expect(screen.queryByText(name)).not.toBeInTheDocument();
  });

  it('without flex-message a flex template offers only the test send', async () => {
    renderTemplates(LIST, {}, { permissions: ['template-write'], isOwner: false });
    const flex = await screen.findByRole('listitem', { name: 'キャンペーン' });
    expect(within(flex).queryByRole('link')).not.toBeInTheDocument();
    expect(within(flex).queryByRole('button', { name: 'コピー' })).not.toBeInTheDocument();
    expect(within(flex).getByRole('button', { name: 'テスト送信' })).toBeVisible();
  });

  it('creates a folder in a dialog and shows the server’s 422 on the name', async () => {
    const app = renderTemplates(LIST, {
      'POST /api/template_groups': () =>
        reply(422, {
          message: '入力内容を確認してください',
          errors: { name: ['同じ名前のフォルダがあります'] },
        }),
    });
    await app.user.click(await screen.findByRole('button', { name: 'フォルダを作成' }));
    const dialog = screen.getByRole('dialog', { name: 'フォルダの作成' });
    await app.user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByText('フォルダ名を入力してください')).toBeVisible();
    await app.user.type(within(dialog).getByLabelText('フォルダ名'), '予約');
    await app.user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('同じ名前のフォルダがあります')).toBeVisible();
  });

  it('renames a folder', async () => {
    const app = renderTemplates(LIST, {
      'PUT /api/template_groups/:id': () => reply(200, { status: true }),
    });
    const booking = await screen.findByRole('region', { name: /予約/ });
    await app.user.click(within(booking).getByRole('button', { name: '名前を変更' }));
    const dialog = screen.getByRole('dialog', { name: 'フォルダ名の変更' });
    const name = within(dialog).getByLabelText('フォルダ名');
    expect(name).toHaveValue('予約');
    await app.user.clear(name);
    await app.user.type(name, 'ご予約');
    await app.user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('フォルダ名を変更しました')).toBeVisible();
    expect(callsTo(app, 'PUT', '/api/template_groups/1')[0]?.body).toEqual({ name: 'ご予約' });
  });

  it('a folder that still holds templates: the server’s 409 is shown after the confirmation', async () => {
    const app = renderTemplates(LIST, {
      'DELETE /api/template_groups/:id': () =>
        reply(409, {
          message:
            'このフォルダにはテンプレートが1件あります。別のフォルダへ移すか削除してから、フォルダを削除してください',
        }),
    });
    const booking = await screen.findByRole('region', { name: /予約/ });
    await app.user.click(within(booking).getByRole('button', { name: 'フォルダを削除' }));
    const confirm = screen.getByRole('alertdialog', { name: 'フォルダ「予約」の削除' });
    await app.user.click(within(confirm).getByRole('button', { name: '削除する' }));
    expect(await screen.findByText(/このフォルダにはテンプレートが1件あります。/)).toBeVisible();
    expect(callsTo(app, 'DELETE', '/api/template_groups/1')).toHaveLength(1);
  });

  it('copies, stars and deletes a template (after a confirmation naming it)', async () => {
    const app = renderTemplates(LIST, {
      'POST /api/templates/:id/copy': () => reply(201, { id: 9 }),
      'PUT /api/templates/:id/favorite': () => reply(200, { status: true }),
      'DELETE /api/templates/:id': () => reply(200, { status: true }),
    });
    const row = await screen.findByRole('listitem', { name: '予約確認' });
    await app.user.click(within(row).getByRole('button', { name: 'コピー' }));
    expect(await screen.findByText('「予約確認」をコピーしました')).toBeVisible();
    expect(callsTo(app, 'POST', '/api/templates/5/copy')).toHaveLength(1);

    await app.user.click(within(row).getByRole('button', { name: '「予約確認」をお気に入り' }));
    await waitFor(() => expect(callsTo(app, 'PUT', '/api/templates/5/favorite')).toHaveLength(1));
    expect(callsTo(app, 'PUT', '/api/templates/5/favorite')[0]?.body).toEqual({ favorite: false });

    await app.user.click(within(row).getByRole('button', { name: '削除' }));
    const confirm = screen.getByRole('alertdialog', { name: 'テンプレート「予約確認」の削除' });
    await app.user.click(within(confirm).getByRole('button', { name: '削除する' }));
    expect(await screen.findByText('テンプレートを削除しました')).toBeVisible();
    expect(callsTo(app, 'DELETE', '/api/templates/5')).toHaveLength(1);
  });
});
