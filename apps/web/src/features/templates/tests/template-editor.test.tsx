import { TEMPLATE_TEXT, type TemplateInput } from '@tsunagu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { LEAVE_TEXT } from '@/ui/leave-guard';
import { callsTo, renderTemplates } from './template-fixtures';

const NEW = '/vue3-dev/line/template/new';
const message = (n: number) => screen.getByRole('group', { name: `${n}つ目のメッセージ` });

describe('TemplateNew / TemplateEdit (issue 14)', () => {
  it('ROUTE-02 ?group preselects the folder; a text (差し込み), an image, buttons and a confirm are saved as LINE messages', async () => {
    const app = renderTemplates(`${NEW}?group=1`, {
      'POST /api/templates': () => reply(201, { id: 9, line_check: 'passed' }),
    });
    expect(await screen.findByRole('combobox', { name: 'フォルダ' })).toHaveTextContent('予約');
    await app.user.type(screen.getByLabelText('テンプレート名'), '予約のお礼');

    const text = within(message(1)).getByRole('textbox', { name: '本文' });
    await app.user.type(text, '様、ありがとうございました');
    (text as HTMLTextAreaElement).setSelectionRange(0, 0);
    await app.user.click(within(message(1)).getByRole('button', { name: '差し込み' }));
    const menu = await screen.findByRole('menu', { name: '差し込み' });
    await app.user.click(await within(menu).findByRole('menuitem', { name: '呼び名' }));
    expect(text).toHaveValue('{{var:8}}様、ありがとうございました');
    const preview = screen.getByRole('figure', { name: 'プレビュー' });
    expect(await within(preview).findByText('「呼び名」')).toBeVisible();

    await app.user.click(screen.getByRole('button', { name: '＋画像' }));
    await app.user.type(within(message(2)).getByLabelText('画像のURL'), 'https://example.jp/a.jpg');
    await app.user.type(
      within(message(2)).getByLabelText('プレビュー画像のURL'),
      'https://example.jp/a-s.jpg',
    );
    expect(within(preview).getByRole('img', { name: '画像のプレビュー' })).toHaveAttribute(
      'src',
      'https://example.jp/a-s.jpg',
    );

    await app.user.click(screen.getByRole('button', { name: '＋ボタン' }));
    const buttons = message(3);
    await app.user.type(within(buttons).getByLabelText('本文'), '次回のご予約はこちら');
    await app.user.type(within(buttons).getByLabelText('ボタン1の表示名'), '予約する');
    await app.user.selectOptions(within(buttons).getByLabelText('ボタン1の動き'), 'uri');
    await app.user.type(within(buttons).getByLabelText('ボタン1のURL'), 'https://example.jp/r');
    await app.user.click(within(buttons).getByRole('button', { name: 'ボタンを1つ追加' }));
    await app.user.type(within(buttons).getByLabelText('ボタン2の表示名'), '質問');
    await app.user.type(within(buttons).getByLabelText('ボタン2で送る文'), '質問があります');

    await app.user.click(screen.getByRole('button', { name: '＋確認' }));
    await app.user.type(within(message(4)).getByLabelText('本文'), 'ご来店されますか');
    expect(within(preview).getAllByTestId('preview-message')).toHaveLength(4);
    expect(within(preview).getByText('予約する')).toBeVisible();
    expect(within(preview).getByText('はい')).toBeVisible();

    await app.user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('テンプレートを作成しました')).toBeVisible();
    expect(callsTo(app, 'POST', '/api/templates')[0]?.body).toEqual({
      name: '予約のお礼',
      group_id: 1,
      kind: 'standard',
      messages: [
        { type: 'text', text: '{{var:8}}様、ありがとうございました' },
        {
          type: 'image',
          originalContentUrl: 'https://example.jp/a.jpg',
          previewImageUrl: 'https://example.jp/a-s.jpg',
        },
        {
          type: 'template',
          altText: '次回のご予約はこちら',
          template: {
            type: 'buttons',
            text: '次回のご予約はこちら',
            actions: [
              { type: 'uri', label: '予約する', uri: 'https://example.jp/r' },
              { type: 'message', label: '質問', text: '質問があります' },
            ],
          },
        },
        {
          type: 'template',
          altText: 'ご来店されますか',
          template: {
            type: 'confirm',
            text: 'ご来店されますか',
            actions: [
              { type: 'message', label: 'はい', text: 'はい' },
              { type: 'message', label: 'いいえ', text: 'いいえ' },
            ],
          },
        },
      ],
    } satisfies TemplateInput);
    expect(app.router.state.location.pathname).toBe('/line/template');
  });

  it('a button of the kind アクションを実行 carries the chosen action set’s signed postback data (issue 25)', async () => {
    const app = renderTemplates(NEW, {
      'POST /api/templates': () => reply(201, { id: 9, line_check: 'passed' }),
      'GET /api/line/action_sets': () =>
        reply(200, {
          action_sets: [
            {
              id: 4,
              name: 'クーポン希望',
              actions: [{ type: 'add_tag', tag_id: 1 }],
              postback_data: 'tsg:as:4:abcdefghijklmnopqrstuvwxyz012345',
              updated_at: '2026-11-26T00:00:00.000Z',
            },
          ],
        }),
    });
    await app.user.type(await screen.findByLabelText('テンプレート名'), 'クーポン案内');
    await app.user.type(within(message(1)).getByRole('textbox', { name: '本文' }), 'ご案内');
    await app.user.click(screen.getByRole('button', { name: '＋ボタン' }));
    const buttons = message(2);
    await app.user.type(within(buttons).getByLabelText('本文'), 'クーポンはいかがですか');
    await app.user.type(within(buttons).getByLabelText('ボタン1の表示名'), 'ほしい');
    await app.user.selectOptions(within(buttons).getByLabelText('ボタン1の動き'), 'postback');
    const set = within(buttons).getByLabelText('ボタン1で実行するアクションセット');
    await within(set).findByRole('option', { name: 'クーポン希望' });
    await app.user.selectOptions(set, '4');
    await app.user.type(
      within(buttons).getByLabelText('ボタン1のタップ時にトークに表示する文（任意）'),
      'クーポンがほしい',
    );
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('テンプレートを作成しました')).toBeVisible();
    const saved = callsTo(app, 'POST', '/api/templates')[0]?.body as TemplateInput;
    expect(saved.messages[1]).toEqual({
      type: 'template',
      altText: 'クーポンはいかがですか',
      template: {
        type: 'buttons',
        text: 'クーポンはいかがですか',
        actions: [
          {
            type: 'postback',
            label: 'ほしい',
            data: 'tsg:as:4:abcdefghijklmnopqrstuvwxyz012345',
            displayText: 'クーポンがほしい',
          },
        ],
      },
    });
  });

  it('a ?group that is not one of the account’s folders starts in 未分類', async () => {
    renderTemplates(`${NEW}?group=77`);
    expect(await screen.findByRole('combobox', { name: 'フォルダ' })).toHaveTextContent('未分類');
  });

  it('checks each message as LINE would before sending anything, and names the problem under it', async () => {
    const app = renderTemplates(NEW);
    await app.user.type(await screen.findByLabelText('テンプレート名'), '下書き');
    await app.user.click(screen.getByRole('button', { name: '＋画像' }));
    await app.user.type(within(message(2)).getByLabelText('画像のURL'), 'http://example.jp/a.jpg');
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    expect(within(message(1)).getByText(/テキスト（text）が空です/)).toBeVisible();
    expect(within(message(2)).getByText(/https:\/\/ で始まるURLで指定してください/)).toBeVisible();
    expect(callsTo(app, 'POST', '/api/templates')).toHaveLength(0);
    // Fixed, the message's problem goes at once.
    await app.user.type(within(message(1)).getByLabelText('本文'), 'こんにちは');
    expect(within(message(1)).queryByText(/が空です/)).not.toBeInTheDocument();
  });

  it('shows the server’s 422 on messages.{n} under that message', async () => {
    const app = renderTemplates(NEW, {
      'POST /api/templates': () =>
        reply(422, {
          message: '入力内容を確認してください',
          errors: { 'messages.1': ['2つ目のメッセージ：LINEが受け付けない内容です'] },
        }),
    });
    await app.user.type(await screen.findByLabelText('テンプレート名'), 'お知らせ');
    await app.user.type(within(message(1)).getByLabelText('本文'), '一通目');
    await app.user.click(screen.getByRole('button', { name: '＋テキスト' }));
    await app.user.type(within(message(2)).getByLabelText('本文'), '二通目');
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    expect(await within(message(2)).findByText('LINEが受け付けない内容です')).toBeVisible();
    expect(within(message(1)).queryByText('LINEが受け付けない内容です')).not.toBeInTheDocument();
    expect(message(2)).toHaveAccessibleDescription('LINEが受け付けない内容です');
  });

  it('LINE’s own check on save: its detail shows under the message it names, LINE’s words kept', async () => {
    const detail = `2つ目のメッセージ：${TEMPLATE_TEXT.lineRefused('sender.name', 'The sender name contains a word that cannot be used')}`;
    const app = renderTemplates(NEW, {
      'POST /api/templates': () =>
        reply(422, {
          message: TEMPLATE_TEXT.lineRefusedForm,
          errors: { 'messages.1': [detail] },
        }),
    });
    await app.user.type(await screen.findByLabelText('テンプレート名'), 'お知らせ');
    await app.user.type(within(message(1)).getByLabelText('本文'), '一通目');
    await app.user.click(screen.getByRole('button', { name: '＋テキスト' }));
    await app.user.type(within(message(2)).getByLabelText('本文'), '二通目');
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    const shown =
      'LINEが受け付けませんでした：The sender name contains a word that cannot be used（sender.name）';
    expect(await within(message(2)).findByText(shown)).toBeVisible();
    expect(message(2)).toHaveAccessibleDescription(shown);
    expect(within(message(1)).queryByText(shown)).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(TEMPLATE_TEXT.lineRefusedForm);
  });

  it('saved while LINE could not be reached: says it was saved without LINE’s check', async () => {
    const app = renderTemplates(NEW, {
      'POST /api/templates': () => reply(201, { id: 9, line_check: 'unreachable' }),
    });
    await app.user.type(await screen.findByLabelText('テンプレート名'), 'お知らせ');
    await app.user.type(within(message(1)).getByLabelText('本文'), 'こんにちは');
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('テンプレートを作成しました')).toBeVisible();
    expect(screen.getByText(TEMPLATE_TEXT.lineUnreachable)).toBeVisible();
  });

  it('ROUTE-03 edits a saved template: moves a message down, removes one, saves with PUT', async () => {
    const app = renderTemplates('/vue3-dev/line/template/edit/5', {
      'PUT /api/templates/:id': () => reply(200, {}),
    });
    expect(await screen.findByLabelText('テンプレート名')).toHaveValue('予約確認');
    expect(within(message(2)).getByLabelText('本文')).toHaveValue('ご来店されますか');
    await app.user.click(screen.getByRole('button', { name: '1つ目のメッセージを下へ' }));
    expect(within(message(1)).getByLabelText('本文')).toHaveValue('ご来店されますか');
    await app.user.click(screen.getByRole('button', { name: '＋テキスト' }));
    await app.user.click(screen.getByRole('button', { name: '3つ目のメッセージを削除' }));
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(callsTo(app, 'PUT', '/api/templates/5')).toHaveLength(1));
    const body = callsTo(app, 'PUT', '/api/templates/5')[0]!.body as TemplateInput;
    expect(body.messages.map((each) => (each as { type: string }).type)).toEqual([
      'template',
      'text',
    ]);
  });

  it('a message can be added up to five', async () => {
    const app = renderTemplates(NEW);
    const add = await screen.findByRole('button', { name: '＋テキスト' });
    for (let i = 0; i < 4; i += 1) await app.user.click(add);
    expect(screen.getAllByRole('group', { name: /つ目のメッセージ$/ })).toHaveLength(5);
    expect(add).toBeDisabled();
  });

  it('asks before leaving a template with unsaved changes', async () => {
    const app = renderTemplates(NEW);
    await app.user.type(await screen.findByLabelText('テンプレート名'), '下書き');
    const trail = screen.getByRole('navigation', { name: 'パンくずリスト' });
    await app.user.click(within(trail).getByRole('link', { name: 'テンプレート' }));
    const ask = await screen.findByRole('alertdialog', { name: LEAVE_TEXT.title });
    await app.user.click(within(ask).getByRole('button', { name: LEAVE_TEXT.stay }));
    expect(screen.getByLabelText('テンプレート名')).toHaveValue('下書き');
    expect(app.router.state.location.pathname).toBe(NEW);
  });

  it('says so when the template is not the account’s (404)', async () => {
    renderTemplates('/vue3-dev/line/template/edit/77', {
      'GET /api/templates/:id': () => reply(404, { message: 'テンプレートが見つかりません' }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('テンプレートが見つかりません');
  });
});
