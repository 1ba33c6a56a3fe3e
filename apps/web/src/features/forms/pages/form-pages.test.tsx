import type { Forms } from '@tsunagu/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, type FakeHandler } from '@test/fake-api';
import { findStatus } from '@test/find-status';
import { makeSession } from '@test/fixtures';
import { renderApp } from '@test/render-app';

const LIST: Forms = {
  groups: [{ id: 'fav', name: 'お気に入り', order: 0, ids: [] }],
  items: [
    { id: 4, name: '事前アンケート', code: 'survey', group_id: null, favorite: false, order: 1 },
  ],
  ids: [4],
};
const VARIA = {
  groups: [{ id: 'fav', name: 'お気に入り', order: 0, ids: [] }],
  items: [
    { id: 11, name: '希望プラン', type: 'choice', group_id: null, favorite: false, order: 1 },
    { id: 12, name: 'ご要望', type: 'text', group_id: null, favorite: false, order: 2 },
  ],
  ids: [11, 12],
};

function render(path: string, api: Record<string, FakeHandler> = {}, permissions?: []) {
  return renderApp(path, {
    session: makeSession(permissions ? { permissions } : {}),
    api: {
      'GET /api/v_resource/form': () => reply(200, LIST),
      'GET /api/v_resource/varia': () => reply(200, VARIA),
      ...api,
    },
  });
}

describe('answer forms in the console (issue 13, decision 0150)', () => {
  it('REF-12 lists the forms with the alias that sends each friend their link; staff reads only', async () => {
    render('/line/forms', {}, []);
    const loose = await screen.findByRole('region', { name: '未分類' });
    expect(within(loose).getByText('事前アンケート')).toBeVisible();
    expect(within(loose).getByText('{{form:survey}}')).toBeVisible();
    expect(screen.getByRole('note')).toHaveTextContent(
      '閲覧のみです。回答フォームの作成・変更には「タグの編集」の権限が必要です。',
    );
    expect(screen.queryByRole('link', { name: 'フォームを作成' })).toBeNull();
    expect(within(loose).queryByRole('button', { name: '削除' })).toBeNull();
  });

  it('creates a form: each question records into a chosen field; the server’s 422 is shown on its question', async () => {
    const bodies: unknown[] = [];
    const app = render('/line/forms/new', {
      'POST /api/forms': ({ body }) => {
        bodies.push(body);
        return bodies.length === 1
          ? reply(422, {
              message: '入力内容を確認してください',
              errors: { 'questions.1.var_id': ['同じ友だち情報欄を2つの質問に使っています'] },
            })
          : reply(201, { id: 5 });
      },
    });
    await app.user.type(await screen.findByLabelText('フォーム名'), 'ご来店前アンケート');
    await app.user.type(screen.getByLabelText('コード'), 'pre');
    await app.user.selectOptions(await screen.findByLabelText('質問1の友だち情報欄'), '11');
    await app.user.type(screen.getByLabelText('質問1の質問文'), 'ご希望のプラン');
    await app.user.click(screen.getByRole('checkbox', { name: '必須' }));
    await app.user.click(screen.getByRole('button', { name: '＋質問を追加' }));
    await app.user.selectOptions(screen.getByLabelText('質問2の友だち情報欄'), '11');
    await app.user.type(screen.getByLabelText('質問2の質問文'), 'もう一度');
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    const second = screen.getByRole('group', { name: '質問2' });
    expect(
      await within(second).findByText('同じ友だち情報欄を2つの質問に使っています'),
    ).toBeVisible();

    await app.user.selectOptions(screen.getByLabelText('質問2の友だち情報欄'), '12');
    await app.user.click(screen.getByRole('button', { name: '質問2を上へ' }));
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    expect(await findStatus('フォームを作成しました')).toBeVisible();
    expect(bodies.at(-1)).toMatchObject({
      name: 'ご来店前アンケート',
      code: 'pre',
      questions: [
        { var_id: 12, label: 'もう一度', required: false },
        { var_id: 11, label: 'ご希望のプラン', required: true },
      ],
    });
    expect(app.router.state.location.pathname).toBe('/line/forms');
  });

  it('REF-13 a favourite form joins お気に入り; folders are renamed, and a folder that holds forms says why it stays', async () => {
    let favorite = false;
    const withFolder: Forms = {
      groups: [
        { id: 'fav', name: 'お気に入り', order: 0, ids: [] },
        { id: 7, name: '来店前', order: 1, ids: [4] },
      ],
      items: [{ ...LIST.items[0]!, group_id: 7 }],
      ids: [4],
    };
    const app = render('/line/forms', {
      'GET /api/v_resource/form': () =>
        reply(200, { ...withFolder, items: [{ ...withFolder.items[0]!, favorite }] }),
      'PATCH /api/forms/4/favorite': ({ body }) => {
        favorite = (body as { favorite: boolean }).favorite;
        return reply(200, { status: true });
      },
      'PUT /api/form_groups/7': () => reply(200, { status: true }),
      'DELETE /api/form_groups/7': () =>
        reply(409, { message: 'フォルダにフォームが1件あるため削除できません' }),
    });
    await app.user.click(
      await screen.findByRole('button', { name: '「事前アンケート」をお気に入りにする' }),
    );
    const favorites = await screen.findByRole('region', { name: 'お気に入り' });
    expect(within(favorites).getByText('事前アンケート')).toBeVisible();
    expect(
      screen.getByRole('button', { name: '「事前アンケート」をお気に入りにする' }),
    ).toHaveAttribute('aria-pressed', 'true');

    await app.user.click(screen.getByRole('button', { name: 'フォルダ「来店前」の名前を変更' }));
    const naming = screen.getByRole('dialog', { name: 'フォルダ名の変更' });
    await app.user.clear(within(naming).getByLabelText('フォルダ名'));
    await app.user.type(within(naming).getByLabelText('フォルダ名'), 'ご来店前');
    await app.user.click(within(naming).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('フォルダ名を変更しました')).toBeVisible();
    expect(app.calls.find((call) => call.method === 'PUT')?.body).toEqual({ name: 'ご来店前' });

    await app.user.click(screen.getByRole('button', { name: 'フォルダ「来店前」を削除' }));
    await app.user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: '削除する' }),
    );
    expect(await screen.findByText('フォルダにフォームが1件あるため削除できません')).toBeVisible();
  });
});
