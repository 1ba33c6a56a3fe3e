import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { findStatus } from '@test/find-status';
import { callsTo, renderTemplates } from './template-fixtures';

describe('テスト送信 (issue 14, decision 0162)', () => {
  it('finds a following friend by name, sends the template to them and says so', async () => {
    let answers = 0;
    const app = renderTemplates('/line/template', {
      'POST /api/templates/:id/test_send': () => reply(202, { push_id: 3 }),
      // Waiting at first, then LINE took it.
      'GET /api/templates/test_sends/:id': () =>
        reply(200, { state: answers++ === 0 ? 'queued' : 'sent', reason: '', details: [] }),
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
    // Asked again (every second) until LINE has taken it.
    expect(await screen.findByText('テスト送信しました', {}, { timeout: 4000 })).toBeVisible();
    expect(callsTo(app, 'POST', '/api/templates/5/test_send')[0]?.body).toEqual({ friend_id: 41 });
    expect(callsTo(app, 'GET', '/api/templates/test_sends/3').length).toBeGreaterThanOrEqual(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("LINE refused the test send: its reason and details in Japanese beside LINE's text; the dialog stays", async () => {
    const app = renderTemplates('/line/template', {
      'POST /api/templates/:id/test_send': () => reply(202, { push_id: 4 }),
      'GET /api/templates/test_sends/:id': () =>
        reply(200, {
          state: 'failed',
          reason: 'LINE がリクエストを受け付けませんでした（400: The request body has 2 error(s)）',
          details: [
            { property: 'messages[1].template.actions[0].uri', message: 'invalid uri' },
            {
              property: 'messages[0].type',
              message: 'Must be one of the following values: [text, image]',
            },
          ],
        }),
    });
    const row = await screen.findByRole('listitem', { name: '予約確認' });
    await app.user.click(within(row).getByRole('button', { name: 'テスト送信' }));
    const dialog = screen.getByRole('dialog', { name: 'テスト送信' });
    await app.user.click(await within(dialog).findByRole('radio', { name: '森 ひかり' }));
    await app.user.click(within(dialog).getByRole('button', { name: '送信' }));
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal).toHaveTextContent('テスト送信できませんでした');
    expect(refusal).toHaveTextContent('The request body has 2 error(s)');
    const details = within(refusal)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(details).toEqual([
      '2つ目のメッセージ template.actions[0].uri：URLが正しくありません（LINE: invalid uri）',
      '1つ目のメッセージ type：次のいずれかにしてください: [text, image]（LINE: Must be one of the following values: [text, image]）',
    ]);
    expect(screen.queryByText('テスト送信しました')).not.toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: '閉じる' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a test send waiting for the month’s quota says so while it waits', async () => {
    const app = renderTemplates('/line/template', {
      'POST /api/templates/:id/test_send': () => reply(202, { push_id: 5 }),
      'GET /api/templates/test_sends/:id': () =>
        reply(200, {
          state: 'queued',
          reason: '今月の送信上限に達しました（200通 / 上限200通）',
          details: [],
        }),
    });
    const row = await screen.findByRole('listitem', { name: '予約確認' });
    await app.user.click(within(row).getByRole('button', { name: 'テスト送信' }));
    const dialog = screen.getByRole('dialog', { name: 'テスト送信' });
    await app.user.click(await within(dialog).findByRole('radio', { name: '森 ひかり' }));
    await app.user.click(within(dialog).getByRole('button', { name: '送信' }));
    // The dialog says 読み込み中... (also a status) until the first answer arrives.
    const waiting = await findStatus('送信待ちです', dialog);
    expect(waiting).toHaveTextContent('今月の送信上限に達しました（200通 / 上限200通）');
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
