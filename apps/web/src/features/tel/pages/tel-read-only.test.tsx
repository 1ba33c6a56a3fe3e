import { PERMISSION_KEYS } from '@tsunagu/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { makeSession } from '@test/fixtures';
import { renderApp } from '@test/render-app';
import { makeTelMessage, makeTelOrder, makeTelTemplate } from '@test/tel-fixtures';
import { TEL_READ_ONLY_TEXT } from '../components/read-only-notice';

/** The demo `staff`: signed in, not the owner, without tel-write. */
const readOnly = makeSession({
  isOwner: false,
  permissions: PERMISSION_KEYS.filter((key) => key !== 'tel-write'),
});
const api = {
  'GET /api/tel/list': () => reply(200, [makeTelOrder({ id: 3 })]),
  'GET /api/tel/list/:id': () => reply(200, [makeTelMessage()]),
  'GET /api/tel/list/:id/status': () => reply(200, { status: 0 }),
  'GET /api/tel/template/list': () => reply(200, [makeTelTemplate()]),
};
const note = () => screen.findByText(TEL_READ_ONLY_TEXT);

describe('DEC-09 the tel screens without tel-write', () => {
  it('DEC-09 the list hides ファイルアップロード and 個別登録 and says why; templates stay readable', async () => {
    renderApp('/line/tel', { session: readOnly, api });
    expect(await note()).toBeVisible();
    expect(await screen.findByRole('link', { name: '詳細' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'ファイルアップロード' })).toBeNull();
    expect(screen.queryByRole('link', { name: '個別登録' })).toBeNull();
    expect(screen.getByRole('link', { name: 'テンプレート設定' })).toBeVisible();
  });

  it('DEC-09 the detail shows the messages and the status but no 発注する or キャンセル', async () => {
    renderApp('/line/tel/list/3', { session: readOnly, api });
    expect(await note()).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('tel-order-status')).toHaveTextContent('下書き'));
    expect(await screen.findByText('090-1234-5678')).toBeVisible();
    expect(screen.queryByRole('button', { name: '発注する' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'キャンセル' })).toBeNull();
  });

  it.each([
    ['/line/tel/register', '登録'],
    ['/line/tel/upload', 'アップロード'],
    ['/line/tel/template/register', '登録'],
  ])('DEC-09 %s shows the note instead of its form', async (path, submit) => {
    renderApp(path, { session: readOnly, api });
    expect(await note()).toBeVisible();
    expect(screen.queryByRole('button', { name: submit })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('link', { name: '一覧に戻る' })).toBeVisible();
  });

  it('DEC-09 the template list is readable but offers no 新規登録', async () => {
    renderApp('/line/tel/template', { session: readOnly, api });
    expect(await screen.findByRole('link', { name: makeTelTemplate().name })).toBeVisible();
    expect(screen.queryByRole('link', { name: '新規登録' })).toBeNull();
  });

  it('DEC-09 with tel-write (an owner) every control is there and no note', async () => {
    renderApp('/line/tel', { session: makeSession(), api });
    expect(await screen.findByRole('link', { name: 'ファイルアップロード' })).toBeVisible();
    expect(screen.getByRole('link', { name: '個別登録' })).toBeVisible();
    expect(screen.queryByText(TEL_READ_ONLY_TEXT)).toBeNull();
  });
});
