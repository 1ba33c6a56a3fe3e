import { screen, waitFor } from '@testing-library/react';
import { PERMISSION_KEYS, type TelTemplate } from '@tsunagu/contracts';
import { describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { makeSession } from '@test/fixtures';
import { renderApp } from '@test/render-app';
import { makeTelTemplate } from '@test/tel-fixtures';

// The first look waits for the lazily loaded screen; the machine may be busy.
const SLOW = { timeout: 10_000 };

function template(overrides: Partial<TelTemplate> = {}): TelTemplate {
  return {
    ...makeTelTemplate({ id: 5, name: 'ご来店リマインド' }),
    body: JSON.stringify({ type: 'text', text: '[param_1] 様' }, null, 2),
    usage: { draft_messages: 0, ordered_messages: 0 },
    ...overrides,
  };
}

function openEdit(found: TelTemplate, api = {}, session = makeSession()) {
  return renderApp('/line/tel/template/5/edit', {
    session,
    api: { 'GET /api/tel/template/5': () => reply(200, found), ...api },
  });
}

const bubble = (n: number) => screen.getByLabelText(`メッセージ${n}`);
const jsonBox = () => screen.getByLabelText('本文（JSON）');
const mode = (name: 'かんたん入力' | 'JSON') => screen.getByRole('button', { name });
const toasts = () =>
  screen.getAllByRole('alert').map((toast) => toast.querySelector('.toast__message')?.textContent);

describe('the template body: simple form and JSON (decision 0086)', () => {
  it('the simple form writes the JSON of 1–5 text bubbles; JSON edits come back as bubbles', async () => {
    const app = renderApp('/line/tel/template/register', { session: makeSession() });
    await app.user.click(await screen.findByLabelText('メッセージ1', {}, SLOW));
    await app.user.paste('[param_1] 様');
    await app.user.click(screen.getByRole('button', { name: 'メッセージを追加' }));
    await app.user.click(bubble(2));
    await app.user.paste('ご来店ありがとうございました');
    await app.user.click(mode('JSON'));
    expect(JSON.parse((jsonBox() as HTMLTextAreaElement).value)).toEqual([
      { type: 'text', text: '[param_1] 様' },
      { type: 'text', text: 'ご来店ありがとうございました' },
    ]);
    await app.user.clear(jsonBox());
    jsonBox().focus();
    await app.user.paste(
      '[{"type":"text","text":"一"},{"type":"text","text":"二"},{"type":"text","text":"三"}]',
    );
    await app.user.click(mode('かんたん入力'));
    expect(
      [bubble(1), bubble(2), bubble(3)].map((box) => (box as HTMLTextAreaElement).value),
    ).toEqual(['一', '二', '三']);
    expect(mode('かんたん入力')).toHaveAttribute('aria-pressed', 'true');
  });

  it('at most five bubbles; one can be removed', async () => {
    const app = renderApp('/line/tel/template/register', { session: makeSession() });
    const add = await screen.findByRole('button', { name: 'メッセージを追加' }, SLOW);
    for (let i = 0; i < 4; i += 1) await app.user.click(add);
    expect(add).toBeDisabled();
    await app.user.click(screen.getByRole('button', { name: 'メッセージ3を削除' }));
    expect(screen.queryByLabelText('メッセージ5')).toBeNull();
    expect(add).toBeEnabled();
  });

  it('JSON the simple form cannot express opens as JSON and stays there, saying why', async () => {
    const image = JSON.stringify([
      {
        type: 'image',
        originalContentUrl: 'https://example.jp/a.jpg',
        previewImageUrl: 'https://example.jp/p.jpg',
      },
    ]);
    const app = openEdit(template({ body: image }));
    expect(await screen.findByLabelText('本文（JSON）', {}, SLOW)).toHaveValue(image);
    await app.user.click(mode('かんたん入力'));
    expect(screen.getByRole('status')).toHaveTextContent('このJSONはかんたん入力で表せません');
    expect(mode('JSON')).toHaveAttribute('aria-pressed', 'true');
    expect(jsonBox()).toHaveValue(image);
  });

  it('TEL-69 an unknown message type ("txt") is refused before sending, naming the bubble', async () => {
    const app = renderApp('/line/tel/template/register', { session: makeSession() });
    await app.user.type(await screen.findByLabelText('テンプレート名', {}, SLOW), 'お知らせ');
    await app.user.click(mode('JSON'));
    await app.user.clear(jsonBox());
    jsonBox().focus();
    await app.user.paste('[{"type":"txt","text":"こんにちは"}]');
    await app.user.click(screen.getByRole('button', { name: '登録' }));
    expect(toasts().join()).toContain(
      '1件目のメッセージ: 種類「txt」はLINEのメッセージにありません',
    );
    expect(app.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('an empty bubble is refused before sending', async () => {
    const app = renderApp('/line/tel/template/register', { session: makeSession() });
    await app.user.type(await screen.findByLabelText('テンプレート名', {}, SLOW), 'お知らせ');
    await app.user.type(bubble(1), 'こんにちは');
    await app.user.click(screen.getByRole('button', { name: 'メッセージを追加' }));
    await app.user.click(screen.getByRole('button', { name: '登録' }));
    expect(toasts().join()).toContain('2件目のメッセージ: テキスト（text）が空です');
  });
});

describe('TelTemplateEditPage', () => {
  it('opens a text template in the simple form and PUTs the edited name and body', async () => {
    const app = openEdit(template(), {
      'PUT /api/tel/template/5': () => reply(200, template({ name: '前日のご案内' })),
    });
    expect(await screen.findByLabelText('メッセージ1', {}, SLOW)).toHaveValue('[param_1] 様');
    const name = screen.getByLabelText('テンプレート名');
    await app.user.clear(name);
    await app.user.type(name, '前日のご案内');
    await app.user.type(bubble(1), '、明日お待ちしております');
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(app.location()).toBe('/line/tel/template/5'));
    const put = app.calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({ name: '前日のご案内' });
    expect(JSON.parse((put?.body as { body: string }).body)).toEqual([
      { type: 'text', text: '[param_1] 様、明日お待ちしております' },
    ]);
    expect(await screen.findByText('更新しました', {}, SLOW)).toBeVisible();
  });

  it('while ordered messages use it the body is read-only and says why; the name can change', async () => {
    openEdit(template({ usage: { draft_messages: 0, ordered_messages: 4 } }));
    expect(await screen.findByRole('note', {}, SLOW)).toHaveTextContent(
      'このテンプレートは発注済みで送信前の通知メッセージ4件で使われているため本文を変更できません（テンプレート名は変更できます）',
    );
    expect(bubble(1)).toHaveAttribute('readonly');
    expect(screen.getByLabelText('テンプレート名')).not.toHaveAttribute('readonly');
  });

  it('a refusal from the server (409) is shown as its message', async () => {
    const reason =
      'このテンプレートは発注済みで送信前の通知メッセージ1件で使われているため本文を変更できません（テンプレート名は変更できます）';
    const app = openEdit(template(), {
      'PUT /api/tel/template/5': () => reply(409, { message: reason }),
    });
    await app.user.type(await screen.findByLabelText('メッセージ1', {}, SLOW), '!');
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(toasts()).toContain(reason));
    expect(app.location()).toBe('/line/tel/template/5/edit');
  });

  it('DEC-09 without tel-write the page says so instead of a form', async () => {
    openEdit(
      template(),
      {},
      makeSession({
        permissions: PERMISSION_KEYS.filter((key) => key !== 'tel-write'),
        isOwner: false,
      }),
    );
    expect(
      await screen.findByText(
        /テンプレートを編集するには「通知メッセージ送信」の権限が必要です/,
        {},
        SLOW,
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
  });
});
