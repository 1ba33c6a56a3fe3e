import type { TelUploadResponse } from '@tsunagu/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, type FakeReply } from '@test/fake-api';
import { makeSession } from '@test/fixtures';
import { renderApp } from '@test/render-app';
import { renderTel } from '@test/render-tel';
import { makeTelOrder } from '@test/tel-fixtures';
import { TEL_FLASH_KEYS } from '../flash';

const listApi = { 'GET /api/tel/list': () => reply(200, [makeTelOrder({ id: 12 })]) };
const csv = () =>
  new File(['tel,date,time,template_id\n09012345678,2025/6/1,10:00,5\n'], 'members.csv', {
    type: 'text/csv',
  });
const memo = () => screen.getByPlaceholderText('例：X月の新規会員向けメッセージ');
const uploadButton = () => screen.getByRole('button', { name: 'アップロード' });

/** A 201 of the upload: the new order's id and its counts (none of them worth a word). */
function uploaded(counts: Partial<TelUploadResponse> = {}): TelUploadResponse {
  return {
    id: 12,
    corrected_phone_count: 0,
    non_mobile_phone_count: 0,
    non_mobile_phone_lines: [],
    overdue_count: 0,
    invalid_template_count: 0,
    ...counts,
  };
}

describe('TelBulkUploadPage', () => {
  afterEach(() => sessionStorage.clear());

  it('TEL-50 /line/tel/upload is TelBulkUploadPage titled 通知メッセージファイルアップロード', async () => {
    renderApp('/line/tel/upload', { session: makeSession() });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: '通知メッセージファイルアップロード',
      }),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toBe('通知メッセージファイルアップロード | つなぐ'));
  });

  it('TEL-51 a link downloads the sample format file', () => {
    renderTel('/line/tel/upload');
    const link = screen.getByRole('link', { name: /サンプルフォーマット/ });
    expect(link).toHaveAttribute('href', '/files/notification_message_sample.csv');
    expect(link).toHaveAttribute('download');
  });

  it('TEL-53 TEL-54 a file chooser, an optional memo with its placeholder, and an upload button', () => {
    renderTel('/line/tel/upload');
    expect(screen.getByLabelText('ファイル')).toHaveAttribute('type', 'file');
    expect(memo()).toHaveAccessibleName('内容メモ（任意）');
    expect(uploadButton()).toBeEnabled();
  });

  it('TEL-55 Enter in the memo neither uploads nor navigates', async () => {
    const app = renderTel('/line/tel/upload', {
      'POST /api/tel/upload': () => reply(201, uploaded()),
    });
    await app.user.type(memo(), '6月の新規会員{Enter}');
    expect(memo()).toHaveValue('6月の新規会員');
    expect(app.callsTo('POST', '/api/tel/upload')).toHaveLength(0);
    expect(app.location()).toBe('/line/tel/upload');
  });

  it('TEL-56 TEL-59 TEL-60 TEL-62 uploads file and memo as multipart, stores the flash and shows it on the list', async () => {
    const app = renderTel('/line/tel/upload', {
      ...listApi,
      'POST /api/tel/upload': () => reply(201, uploaded()),
    });
    const file = csv();
    await app.user.upload(screen.getByLabelText('ファイル'), file);
    await app.user.type(memo(), '6月の新規会員');
    // The flash is written before the list reads it (TEL-59), observed through storage.
    const written: Record<string, string> = {};
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      written[key] = value;
      setItem.call(this, key, value);
    };
    try {
      await app.user.click(uploadButton());
      await waitFor(() => expect(app.location()).toBe('/line/tel'));
    } finally {
      Storage.prototype.setItem = setItem;
    }
    const [call] = app.callsTo('POST', '/api/tel/upload');
    const body = call!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('file')).toBe(file);
    expect(body.get('description')).toBe('6月の新規会員');
    expect(call!.headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest' });
    expect(written).toMatchObject({
      [TEL_FLASH_KEYS.message]: '登録しました',
      [TEL_FLASH_KEYS.recentOrderId]: '12',
    });
    expect(await screen.findByText('登録しました')).toBeVisible();
    await waitFor(() =>
      expect(
        document
          .querySelector('a[href="/line/tel/list/12"]')
          ?.closest('tr')
          ?.querySelector('[data-highlighted]'),
      ).not.toBeNull(),
    );
  });

  it('TEL-57 uploads with no file chosen and an empty memo; the server answers', async () => {
    const app = renderTel('/line/tel/upload', {
      'POST /api/tel/upload': () =>
        reply(422, { message: '送信失敗', errors: { file: ['ファイルを選択してください'] } }),
    });
    await app.user.click(uploadButton());
    await waitFor(() => expect(app.callsTo('POST', '/api/tel/upload')).toHaveLength(1));
    const body = app.callsTo('POST', '/api/tel/upload')[0]!.body as FormData;
    expect(body.get('file')).toBeNull();
    expect(body.get('description')).toBe('');
    expect(await screen.findByText('ファイルを選択してください')).toBeVisible();
  });

  it('TEL-58 a fixed bottom bar links back to the list', async () => {
    const app = renderTel('/line/tel/upload', listApi);
    const bar = screen.getByRole('navigation', { name: 'ページ下部' });
    expect(bar).toHaveClass('tel-bottom-bar');
    fireEvent.click(screen.getByRole('link', { name: '一覧に戻る' }));
    await waitFor(() => expect(app.location()).toBe('/line/tel'));
  });

  it('TEL-61 a failed upload toasts 送信失敗, lists the line errors and stays on the page', async () => {
    const app = renderTel('/line/tel/upload', {
      'POST /api/tel/upload': () =>
        reply(422, {
          message: 'ファイルに誤りがあります（2件）。修正してもう一度アップロードしてください',
          errors: { file: ['3行目: 電話番号が正しくありません', '5行目: 日付が正しくありません'] },
        }),
    });
    await app.user.upload(screen.getByLabelText('ファイル'), csv());
    await app.user.click(uploadButton());
    const toast = await screen.findByText('送信失敗');
    expect(toast.closest('[role="alert"]')).not.toBeNull();
    const errors = screen.getByRole('alert', { name: 'アップロードのエラー' });
    expect(errors).toHaveTextContent('ファイルに誤りがあります（2件）');
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['3行目: 電話番号が正しくありません', '5行目: 日付が正しくありません']);
    expect(app.location()).toBe('/line/tel/upload');
    expect(sessionStorage.getItem(TEL_FLASH_KEYS.message)).toBeNull();
  });

  it('the upload result says how many messages are past their time or have an invalid template', async () => {
    const app = renderTel('/line/tel/upload', {
      ...listApi,
      'POST /api/tel/upload': () =>
        reply(201, uploaded({ overdue_count: 3, invalid_template_count: 1 })),
    });
    await app.user.upload(screen.getByLabelText('ファイル'), csv());
    await app.user.click(uploadButton());
    await waitFor(() => expect(app.location()).toBe('/line/tel'));
    const flash = await screen.findByText(/登録しました/);
    expect(flash).toHaveTextContent('3件は送信予定日時を過ぎているため発注後すぐに送信されます');
    expect(flash).toHaveTextContent('1件は無効なテンプレート番号のため送信されません');
  });

  it('shows a progress bar while the file is sent and the upload button is disabled', async () => {
    let finish: (value: FakeReply) => void = () => {};
    const app = renderTel('/line/tel/upload', {
      ...listApi,
      'POST /api/tel/upload': () => new Promise<FakeReply>((resolve) => (finish = resolve)),
    });
    await app.user.upload(screen.getByLabelText('ファイル'), csv());
    await app.user.click(uploadButton());
    expect(
      await screen.findByRole('progressbar', { name: 'アップロードの進み具合' }),
    ).toBeVisible();
    expect(uploadButton()).toBeDisabled();
    await waitFor(() =>
      expect(screen.getByText('サーバーで内容を確認しています...')).toBeVisible(),
    );
    finish(
      reply(
        201,
        uploaded({
          corrected_phone_count: 2,
          non_mobile_phone_count: 12,
          non_mobile_phone_lines: [3, 7, 8, 9, 10, 11, 12, 13, 14, 15],
        }),
      ),
    );
    await waitFor(() => expect(app.location()).toBe('/line/tel'));
    expect(await screen.findByText(/先頭の0が抜けていた電話番号2件を補いました/)).toBeVisible();
    // Landlines are registered, but the owner learns which lines LINE cannot reach.
    expect(
      screen.getByText(
        /携帯電話ではない番号が12件あります（3行目、7行目、8行目.*15行目ほか）。LINEは携帯電話番号で登録されるため、届かない見込みです/,
      ),
    ).toBeVisible();
  });
});
