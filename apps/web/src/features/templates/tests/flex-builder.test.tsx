import { screen, within, fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { renderTemplates, templateList } from './template-fixtures';

const actionSets = {
  'GET /api/line/action_sets': () =>
    reply(200, {
      action_sets: [
        {
          id: 4,
          name: '予約希望タグ',
          actions: [{ type: 'add_tag', tag_id: 1 }],
          postback_data: 'tsg:as:4:abcdefghijklmnopqrstuvwxyz012345',
          updated_at: '2026-11-26T00:00:00.000Z',
        },
      ],
    }),
};

const card = (name: string) => screen.getByRole('group', { name });

/** The carousel the builder makes for the two cards the first test fills in. */
const carousel = {
  type: 'carousel',
  contents: [
    {
      type: 'bubble',
      body: {
        type: 'box',
        layout: 'vertical',
        contents: [
          { type: 'text', text: 'カット', weight: 'bold', size: 'xl', wrap: true },
          { type: 'text', text: '髪を整えます', size: 'sm', wrap: true, margin: 'md' },
          {
            type: 'text',
            text: '¥4,400',
            weight: 'bold',
            size: 'lg',
            color: '#06C755',
            margin: 'md',
          },
        ],
      },
      footer: {
        type: 'box',
        layout: 'vertical',
        spacing: 'sm',
        contents: [
          {
            type: 'button',
            style: 'primary',
            action: { type: 'uri', label: '予約する', uri: 'https://example.jp/cut' },
          },
          {
            type: 'button',
            style: 'secondary',
            action: { type: 'message', label: '質問する', text: 'カットについて質問' },
          },
        ],
      },
    },
    {
      type: 'bubble',
      body: {
        type: 'box',
        layout: 'vertical',
        contents: [{ type: 'text', text: 'カラー', weight: 'bold', size: 'xl', wrap: true }],
      },
      footer: {
        type: 'box',
        layout: 'vertical',
        spacing: 'sm',
        contents: [
          {
            type: 'button',
            style: 'primary',
            action: {
              type: 'postback',
              label: '希望を伝える',
              data: 'tsg:as:4:abcdefghijklmnopqrstuvwxyz012345',
            },
          },
        ],
      },
    },
  ],
};

describe('flex builder (issue 28, decision 0375)', () => {
  it('builds a 2-card carousel with URL, message and action-set buttons and saves the checked JSON', async () => {
    const saved: unknown[] = [];
    const app = renderTemplates('/line/template/edit_v3/new?redirectTo=%2Fline%2Ftemplate', {
      ...actionSets,
      'POST /api/templates': ({ body }) => {
        saved.push(body);
        return reply(201, { id: 9, line_check: 'passed' });
      },
    });
    await app.user.type(await screen.findByLabelText('テンプレート名'), 'メニュー');
    await app.user.type(screen.getByLabelText(/代替テキスト/), 'メニューのご案内');
    // The starter card, rewritten.
    const first = card('カード1');
    await app.user.clear(within(first).getByLabelText('タイトル'));
    await app.user.type(within(first).getByLabelText('タイトル'), 'カット');
    await app.user.clear(within(first).getByLabelText('本文'));
    await app.user.type(within(first).getByLabelText('本文'), '髪を整えます');
    await app.user.type(within(first).getByRole('textbox', { name: /価格/ }), '¥4,400');
    await app.user.clear(within(first).getByLabelText('ボタン1のURL'));
    await app.user.type(within(first).getByLabelText('ボタン1のURL'), 'https://example.jp/cut');
    await app.user.click(within(first).getByRole('button', { name: 'ボタンを追加' }));
    await app.user.type(within(first).getByLabelText('ボタン2の表示名'), '質問する');
    await app.user.type(within(first).getByLabelText('ボタン2で送る文'), 'カットについて質問');

    await app.user.click(screen.getByRole('button', { name: 'カードを追加（カルーセル）' }));
    const second = card('カード2');
    // An empty card and a button without a label are named, and saving waits for them.
    expect(
      screen.getByText('カード2：画像・タイトル・本文・価格のどれかを入れてください'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: '保存' })).toBeDisabled();
    await app.user.type(within(second).getByLabelText('タイトル'), 'カラー');
    await app.user.click(within(second).getByRole('button', { name: 'ボタンを追加' }));
    expect(screen.getByText(/カード2のボタン1：表示名（label）/)).toBeVisible();
    await app.user.type(within(second).getByLabelText('ボタン1の表示名'), '希望を伝える');
    await app.user.selectOptions(within(second).getByLabelText('ボタン1の動き'), 'postback');
    const set = within(second).getByLabelText('ボタン1で実行するアクションセット');
    await within(set).findByRole('option', { name: '予約希望タグ' });
    await app.user.selectOptions(set, '4');

    expect(screen.getByText('LINEが受け付ける形です')).toBeVisible();
    const preview = screen.getByRole('figure', { name: 'プレビュー' });
    expect(within(preview).getByText('¥4,400')).toBeVisible();
    expect(within(preview).getByText('希望を伝える')).toBeVisible();
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('フレックスメッセージを作成しました')).toBeVisible();
    expect(saved).toEqual([
      {
        name: 'メニュー',
        group_id: null,
        kind: 'flex',
        messages: [{ type: 'flex', altText: 'メニューのご案内', contents: carousel }],
      },
    ]);
  });

  it('reopens a saved carousel in the builder and saves an edit in the same shape', async () => {
    const updated: unknown[] = [];
    const again = renderTemplates('/line/template/edit_v3/6?redirectTo=%2Fline%2Ftemplate', {
      ...actionSets,
      'GET /api/templates/:id': () =>
        reply(200, {
          ...templateList.items[1],
          messages: [{ type: 'flex', altText: 'メニューのご案内', contents: carousel }],
        }),
      'PUT /api/templates/6': ({ body }) => {
        updated.push(body);
        return reply(200, { ...templateList.items[1], messages: [], line_check: 'passed' });
      },
    });
    const title = within(await screen.findByRole('group', { name: 'カード2' })).getByLabelText(
      'タイトル',
    );
    expect(title).toHaveValue('カラー');
    expect(within(card('カード1')).getByLabelText('ボタン2で送る文')).toHaveValue(
      'カットについて質問',
    );
    await again.user.type(title, '・トリートメント');
    await again.user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('フレックスメッセージを保存しました')).toBeVisible();
    const contents = (updated[0] as { messages: { contents: typeof carousel }[] }).messages[0]!
      .contents;
    expect(contents.contents[1]!.body.contents[0]!.text).toBe('カラー・トリートメント');
    expect(contents.contents[0]).toEqual(carousel.contents[0]);
  });

  it('JSON → builder → JSON gives the same JSON; JSON the builder cannot read says so and stays JSON', async () => {
    const app = renderTemplates('/line/template/edit_v3/new', actionSets);
    await app.user.click(await screen.findByRole('button', { name: 'JSON（上級者向け）' }));
    const written = JSON.stringify(carousel, null, 2);
    fireEvent.change(screen.getByLabelText('フレックスメッセージのJSON'), {
      target: { value: written },
    });
    await app.user.click(screen.getByRole('button', { name: 'ビルダー' }));
    expect(within(card('カード1')).getByRole('textbox', { name: /価格/ })).toHaveValue('¥4,400');
    expect(within(card('カード2')).getByLabelText('ボタン1の動き')).toHaveValue('postback');
    await app.user.click(screen.getByRole('button', { name: 'JSON（上級者向け）' }));
    expect(screen.getByLabelText('フレックスメッセージのJSON')).toHaveValue(written);

    const separator = {
      ...carousel.contents[1],
      body: { ...carousel.contents[1]!.body, contents: [{ type: 'separator' }] },
    };
    fireEvent.change(screen.getByLabelText('フレックスメッセージのJSON'), {
      target: { value: JSON.stringify(separator) },
    });
    await app.user.click(screen.getByRole('button', { name: 'ビルダー' }));
    expect(screen.getByRole('status')).toHaveTextContent('このJSONはビルダーで開けない形です');
    expect(screen.getByLabelText('フレックスメッセージのJSON')).toHaveValue(
      JSON.stringify(separator),
    );
    expect(screen.queryByRole('group', { name: 'カード1' })).toBeNull();
  });

  it('stops at LINE’s limits: 12 cards in a carousel, 3 buttons a card; the folder is the UI kit’s select', async () => {
    const app = renderTemplates('/line/template/edit_v3/new', actionSets);
    const add = await screen.findByRole('button', { name: 'カードを追加（カルーセル）' });
    for (let n = 2; n <= 12; n += 1) await app.user.click(add);
    expect(screen.getByRole('group', { name: 'カード12' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'カードを追加（カルーセル）' })).toBeNull();
    expect(screen.getByText('カードは12枚までです')).toBeVisible();
    const first = card('カード1');
    await app.user.click(within(first).getByRole('button', { name: 'ボタンを追加' }));
    await app.user.click(within(first).getByRole('button', { name: 'ボタンを追加' }));
    expect(within(first).getByLabelText('ボタン3の表示名')).toBeVisible();
    expect(within(first).queryByRole('button', { name: 'ボタンを追加' })).toBeNull();

    const folder = screen.getByRole('combobox', { name: 'フォルダ' });
    await app.user.click(folder);
    await app.user.click(screen.getByRole('option', { name: '予約' }));
    expect(folder).toHaveTextContent('予約');
  });
});

describe('flex builder 差し込み (issue 28, decision 0412)', () => {
  it("a title with the friend's LINE name inserted at the cursor saves as the alias, shown in the JSON", async () => {
    const saved: unknown[] = [];
    const app = renderTemplates('/line/template/edit_v3/new', {
      ...actionSets,
      'POST /api/templates': ({ body }) => {
        saved.push(body);
        return reply(201, { id: 9, line_check: 'passed' });
      },
    });
    await app.user.type(await screen.findByLabelText('テンプレート名'), 'ごあいさつ');
    await app.user.type(screen.getByLabelText(/代替テキスト/), 'ごあいさつ');
    const first = card('カード1');
    const title = within(first).getByLabelText('タイトル') as HTMLInputElement;
    await app.user.clear(title);
    await app.user.type(title, '、ようこそ');
    title.setSelectionRange(0, 0);
    await app.user.click(within(first).getByRole('button', { name: 'タイトルに差し込み' }));
    const menu = await screen.findByRole('menu', { name: '差し込み' });
    const profile = within(menu).getByRole('group', { name: /LINEのプロフィール/ });
    await app.user.click(
      within(profile).getByRole('menuitem', { name: '表示名＋様（なければ「お客様」）' }),
    );
    expect(title).toHaveValue('{{friend:name_sama}}、ようこそ');
    // The caret stays right after the alias: typing goes on from there.
    expect(title).toHaveFocus();
    await app.user.keyboard('！');
    expect(title).toHaveValue('{{friend:name_sama}}！、ようこそ');

    expect(screen.getByText('LINEが受け付ける形です')).toBeVisible();
    await app.user.click(screen.getByRole('button', { name: 'JSON（上級者向け）' }));
    expect(
      (screen.getByLabelText('フレックスメッセージのJSON') as HTMLTextAreaElement).value,
    ).toContain('"text": "{{friend:name_sama}}！、ようこそ"');
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('フレックスメッセージを作成しました')).toBeVisible();
    const message = (saved[0] as { messages: { contents: { body: unknown } }[] }).messages[0]!;
    expect(JSON.stringify(message.contents.body)).toContain(
      '{"type":"text","text":"{{friend:name_sama}}！、ようこそ","weight":"bold","size":"xl","wrap":true}',
    );
  });
});
