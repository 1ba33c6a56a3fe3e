import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { BASE, makeOnlineConfig, renderSettings } from '@test/salon-config-fixtures';

const PATH = '/line/reserve/salon/settings/online';
const questionNames = () =>
  within(screen.getByRole('table', { name: 'お客様への質問' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

describe('salon settings: online config', { timeout: 30_000 }, () => {
  it('RSV-35 moving a question sends customer:sort with the new order; a refusal puts the old order back', async () => {
    let refuse = true;
    const app = renderSettings(PATH, {
      [`PATCH ${BASE}/online_configs`]: () =>
        refuse
          ? reply(422, {
              message: '入力内容に誤りがあります',
              errors: {
                sorted_ids: ['並び順には、すべての顧客情報の項目を重複なく指定してください'],
              },
            })
          : reply(200, { status: true, online_config: makeOnlineConfig() }),
    });
    const handle = await screen.findByRole('button', {
      name: '「来店回数」 を並び替え（↑↓キーで移動）',
    });
    expect(questionNames()).toEqual(['ご要望', '来店回数']);
    handle.focus();
    await app.user.keyboard('{ArrowUp}');
    await waitFor(() => expect(app.callsTo('PATCH', `${BASE}/online_configs`)).toHaveLength(1));
    expect(app.callsTo('PATCH', `${BASE}/online_configs`)[0]!.query).toEqual({
      attr: 'customer:sort',
    });
    expect(app.callsTo('PATCH', `${BASE}/online_configs`)[0]!.body).toEqual({
      sorted_ids: [22, 21],
    });
    expect(await screen.findByText(/並び順を保存できなかったため、元に戻しました/)).toBeVisible();
    expect(questionNames()).toEqual(['ご要望', '来店回数']);
    refuse = false;
  });

  it('RSV-33 adding a question sends customer:upsert and lists what the server stored', async () => {
    const stored = makeOnlineConfig();
    stored.customer_info.push({
      id: 23,
      label: 'ご紹介者',
      field_type: 'text',
      required: true,
      options: [],
      order: 3,
    });
    const app = renderSettings(PATH, {
      [`PATCH ${BASE}/online_configs`]: () => reply(200, { status: true, online_config: stored }),
    });
    await app.user.click(await screen.findByRole('button', { name: '質問を追加' }));
    const dialog = await screen.findByRole('dialog', { name: '質問の追加' });
    await app.user.type(within(dialog).getByRole('textbox', { name: '質問' }), 'ご紹介者');
    await app.user.click(within(dialog).getByRole('checkbox', { name: '回答を必須にする' }));
    await app.user.click(within(dialog).getByRole('button', { name: '追加する' }));
    await waitFor(() => expect(app.callsTo('PATCH', `${BASE}/online_configs`)).toHaveLength(1));
    expect(app.callsTo('PATCH', `${BASE}/online_configs`)[0]!.body).toEqual({
      label: 'ご紹介者',
      field_type: 'text',
      required: true,
      options: [],
    });
    expect(await screen.findByRole('cell', { name: 'ご紹介者' })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: '質問の追加' })).toBeNull();
  });

  it('RSV-05 RSV-36 a 422 on the shop info is shown under its field', async () => {
    const app = renderSettings(PATH, {
      [`PATCH ${BASE}/online_configs`]: () =>
        reply(422, {
          message: '入力内容に誤りがあります',
          errors: { url: ['URLの形式で入力してください'] },
        }),
    });
    const shop = await screen.findByRole('form', { name: '店舗情報' });
    await app.user.type(within(shop).getByRole('textbox', { name: '住所' }), '東京都港区');
    await app.user.click(within(shop).getByRole('button', { name: '店舗情報を保存' }));
    expect(await within(shop).findByText('URLの形式で入力してください')).toBeVisible();
    expect(app.callsTo('PATCH', `${BASE}/online_configs`)[0]!.query).toEqual({ attr: 'shop' });
  });

  it('RSV-32 the online actions are PUT as the server stores them', async () => {
    const app = renderSettings(PATH, {
      [`PUT ${BASE}/online_configs/:id/actions`]: ({ body }) =>
        reply(200, { status: true, online_config: makeOnlineConfig(body as object) }),
    });
    const form = await screen.findByRole('form', { name: '予約後のアクション' });
    await app.user.click(within(form).getByRole('checkbox', { name: 'お客様にタグを付ける' }));
    await app.user.click(within(form).getByRole('button', { name: 'アクションを保存' }));
    expect(await within(form).findByText('タグ名を入力してください')).toBeVisible();
    await app.user.type(within(form).getByRole('textbox', { name: 'タグ名' }), 'ネット予約');
    await app.user.click(within(form).getByRole('button', { name: 'アクションを保存' }));
    await waitFor(() =>
      expect(app.callsTo('PUT', `${BASE}/online_configs/3/actions`)).toHaveLength(1),
    );
    expect(app.callsTo('PUT', `${BASE}/online_configs/3/actions`)[0]!.body).toEqual({
      actions: [
        { type: 'send_message', enabled: false, text: '', time: '19:00' },
        { type: 'notify_operators', enabled: true, text: '', time: '19:00' },
        { type: 'add_tag', enabled: true, text: 'ネット予約', time: '19:00' },
        { type: 'remind_day_before', enabled: false, text: '', time: '19:00' },
      ],
    });
  });

  it('REF-14 REF-30 the message’s 差し込み loads the insertables when opened and puts an alias in the text; common information refused (403) stays silent', async () => {
    const app = renderSettings(PATH, {
      [`PUT ${BASE}/online_configs/:id/actions`]: ({ body }) =>
        reply(200, { status: true, online_config: makeOnlineConfig(body as object) }),
      'GET /api/v_resource/varia': () =>
        reply(200, {
          groups: [{ id: 'fav', name: 'お気に入り', order: 0, ids: [] }],
          items: [
            { id: 8, name: '呼び名', type: 'text', group_id: null, favorite: false, order: 1 },
          ],
          ids: [8],
        }),
      'GET /api/v_resource/common_vars': () => reply(403, { message: '権限がありません' }),
      'GET /api/v_resource/form': () => reply(200, { groups: [], items: [], ids: [] }),
    });
    const form = await screen.findByRole('form', { name: '予約後のアクション' });
    await app.user.click(within(form).getByRole('checkbox', { name: 'お客様にメッセージを送る' }));
    const message = within(form).getByRole('textbox', { name: 'メッセージ' });
    await app.user.type(message, '様、ご予約ありがとうございます');
    (message as HTMLTextAreaElement).setSelectionRange(0, 0);
    expect(app.calls.some((call) => call.path.startsWith('/api/v_resource'))).toBe(false);
    await app.user.click(within(form).getByRole('button', { name: '差し込み' }));
    const menu = await screen.findByRole('menu', { name: '差し込み' });
    await app.user.click(await within(menu).findByRole('menuitem', { name: '呼び名' }));
    expect(message).toHaveValue('{{var:8}}様、ご予約ありがとうございます');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await app.user.click(within(form).getByRole('button', { name: 'アクションを保存' }));
    await waitFor(() =>
      expect(app.callsTo('PUT', `${BASE}/online_configs/3/actions`)).toHaveLength(1),
    );
    const sent = app.callsTo('PUT', `${BASE}/online_configs/3/actions`)[0]!.body as {
      actions: { type: string; text: string }[];
    };
    expect(sent.actions.find((action) => action.type === 'send_message')?.text).toBe(
      '{{var:8}}様、ご予約ありがとうございます',
    );
  });

  it('REF-14 the day-before reminder is switched on with its time and an optional message with 差し込み', async () => {
    const app = renderSettings(PATH, {
      [`PUT ${BASE}/online_configs/:id/actions`]: ({ body }) =>
        reply(200, { status: true, online_config: makeOnlineConfig(body as object) }),
    });
    const form = await screen.findByRole('form', { name: '予約後のアクション' });
    expect(within(form).queryByRole('button', { name: '差し込み' })).toBeNull();
    await app.user.click(within(form).getByRole('checkbox', { name: '前日にリマインドを送る' }));
    // REF-14: the reminder's message takes the friend's values like send_message's.
    expect(within(form).getByRole('button', { name: '差し込み' })).toBeVisible();
    const time = within(form).getByRole('textbox', { name: '送信時刻（前日）' });
    expect(time).toHaveValue('19:00');
    await app.user.clear(time);
    await app.user.type(time, '18:30{Enter}');
    await app.user.click(within(form).getByRole('button', { name: 'アクションを保存' }));
    await waitFor(() =>
      expect(app.callsTo('PUT', `${BASE}/online_configs/3/actions`)).toHaveLength(1),
    );
    const sent = app.callsTo('PUT', `${BASE}/online_configs/3/actions`)[0]!.body as {
      actions: { type: string }[];
    };
    expect(sent.actions.find((action) => action.type === 'remind_day_before')).toEqual({
      type: 'remind_day_before',
      enabled: true,
      text: '',
      time: '18:30',
    });
  });

  it('RSV-34 removing a question asks, then sends customer:remove with its id', async () => {
    const stored = makeOnlineConfig();
    stored.customer_info = stored.customer_info.filter((field) => field.id !== 21);
    const app = renderSettings(PATH, {
      [`PATCH ${BASE}/online_configs`]: () => reply(200, { status: true, online_config: stored }),
    });
    await app.user.click(await screen.findByRole('button', { name: '「ご要望」を削除' }));
    const ask = await screen.findByRole('alertdialog', { name: '質問の削除' });
    await app.user.click(within(ask).getByRole('button', { name: '削除する' }));
    await waitFor(() => expect(app.callsTo('PATCH', `${BASE}/online_configs`)).toHaveLength(1));
    expect(app.callsTo('PATCH', `${BASE}/online_configs`)[0]!.query).toEqual({
      attr: 'customer:remove',
    });
    expect(app.callsTo('PATCH', `${BASE}/online_configs`)[0]!.body).toEqual({ id: 21 });
    expect(await screen.findByText('「ご要望」を削除しました')).toBeVisible();
    expect(questionNames()).toEqual(['来店回数']);
  });

  it('staff sees the questions with no handles, edit or add buttons', async () => {
    renderSettings(PATH, {}, { readOnly: true });
    expect(await screen.findByRole('cell', { name: '来店回数' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /並び替え/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '質問を追加' })).toBeNull();
    expect(screen.queryByRole('button', { name: /編集|削除|保存/ })).toBeNull();
  });
});
