import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { callsTo, renderTemplates } from './template-fixtures';

describe('テスト送信 (issue 14, decision 0162)', () => {
  it('finds a following friend by name, sends the template to them and says so', async () => {
    const app = renderTemplates('/line/template', {
      'POST /api/templates/:id/test_send': () => reply(202, { push_id: 3 }),
    });
    const row = await screen.findByRole('listitem', { name: '予約確認' });
    await app.user.click(within(row).getByRole('button', { name: 'テスト送信' }));
    const dialog = screen.getByRole('dialog', { name: 'テスト送信' });
    const send = within(dialog).getByRole('button', { name: '送信' });
    expect(send).toBeDisabled();
    await app.user.type(within(dialog).getByRole('searchbox', { name: '友だちの名前' }), 'はな');
    await app.user.click(within(dialog).getByRole('button', { name: '検索' }));
    await app.user.click(await within(dialog).findByRole('radio', { name: '森 はな' }));
    const searched = callsTo(app, 'GET', '/api/line/friends').at(-1);
    expect(searched?.query).toEqual({ q: 'はな', state: 'following' });
    await app.user.click(send);
    expect(await screen.findByText('テスト送信しました')).toBeVisible();
    expect(callsTo(app, 'POST', '/api/templates/5/test_send')[0]?.body).toEqual({ friend_id: 41 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server’s 422 (a blocked friend) in the dialog and stays open', async () => {
    const app = renderTemplates('/vue3-dev/line/template/edit/5', {
      'POST /api/templates/:id/test_send': () =>
        reply(422, {
          message: '入力内容を確認してください',
          errors: { friend_id: ['この友だちはブロック中のため送信できません'] },
        }),
    });
    await app.user.click(
      await screen.findByRole('button', { name: 'テスト送信（保存済みの内容）' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'テスト送信' });
    await app.user.click(await within(dialog).findByRole('radio', { name: '森 ひかり' }));
    await app.user.click(within(dialog).getByRole('button', { name: '送信' }));
    expect(
      await within(dialog).findByText('この友だちはブロック中のため送信できません'),
    ).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'テスト送信' })).toBeVisible();
    // The search in the dialog never submits the template form behind it.
    await app.user.click(within(dialog).getByRole('button', { name: '検索' }));
    expect(callsTo(app, 'PUT', '/api/templates/5')).toHaveLength(0);
  });
});
