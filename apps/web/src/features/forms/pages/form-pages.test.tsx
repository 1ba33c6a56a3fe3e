import type { Forms } from '@tsunagu/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, type FakeHandler } from '@test/fake-api';
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
    expect(await screen.findByRole('status')).toHaveTextContent('フォームを作成しました');
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
});
