import { screen, within } from '@testing-library/react';
import { MESSAGES, OPERATOR_MESSAGES, type OperatorRow } from '@tsunagu/contracts';
import { describe, expect, it } from 'vitest';
import { reply, type FakeHandler } from '@test/fake-api';
import { makeRole } from '@test/fixtures';
import { renderWithProviders } from '@test/render-with-providers';
import { OperatorListPage, READ_ONLY_TEXT } from './operator-list-page';

const ownerRole = makeRole({ id: 1, name: 'オーナー', is_owner: true });
const staffRole = makeRole({ id: 2, name: 'スタッフ' });

function operator(overrides: Partial<OperatorRow>): OperatorRow {
  return {
    id: 1,
    login_id: 'demo',
    display_name: '山田 花子',
    role: { id: 1, name: 'オーナー', is_owner: true },
    active: true,
    last_sign_in_at: '2026-11-26T01:05:00.000Z',
    created_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

const me = operator({});
const sato = operator({
  id: 2,
  login_id: 'staff',
  display_name: '佐藤 健',
  role: { id: 2, name: 'スタッフ', is_owner: false },
  last_sign_in_at: null,
});

function renderPage(api: Record<string, FakeHandler>, canManage = true) {
  return renderWithProviders(
    [
      {
        path: '/line/operators',
        element: <OperatorListPage title="オペレーター" canManage={canManage} selfId={1} />,
      },
    ],
    '/line/operators',
    {
      'GET /api/operator_roles': () => reply(200, [ownerRole, staffRole]),
      ...api,
    },
  );
}

describe('operators screen', () => {
  it('lists operators with login id, role, state and the last sign-in in Tokyo time', async () => {
    renderPage({ 'GET /api/operators': () => reply(200, [me, sato]) });
    const satoRow = (await screen.findByText('佐藤 健')).closest('tr')!;
    expect(within(satoRow).getByText('staff')).toBeVisible();
    expect(within(satoRow).getByText('未ログイン')).toBeVisible();
    expect(within(satoRow).getByRole('button', { name: '無効にする' })).toBeVisible();
    const meRow = screen.getByText('山田 花子').closest('tr')!;
    expect(within(meRow).getByText('2026/11/26 10:05')).toBeVisible();
    expect(within(meRow).getByText('あなた')).toBeVisible();
    // No deactivating oneself: the server refuses it, so the row does not offer it.
    expect(within(meRow).queryByRole('button', { name: '無効にする' })).toBeNull();
  });

  it('「オペレーターを追加」 checks each field in Japanese before sending, then adds and closes', async () => {
    let created: unknown;
    let operators = [me];
    const app = renderPage({
      'GET /api/operators': () => reply(200, operators),
      'POST /api/operators': (request) => {
        created = request.body;
        operators = [me, { ...sato, login_id: 'suzuki', display_name: '鈴木 次郎' }];
        return reply(201, { id: 3 });
      },
    });
    await app.user.click(await screen.findByRole('button', { name: 'オペレーターを追加' }));
    const form = screen.getByRole('form', { name: 'オペレーターを追加' });
    await app.user.click(within(form).getByRole('button', { name: '追加する' }));
    expect(within(form).getByText('ログインIDを入力してください')).toBeVisible();
    expect(within(form).getByText('名前を入力してください')).toBeVisible();
    expect(within(form).getByText('ロールを選んでください')).toBeVisible();
    expect(within(form).getByText('初回パスワードは8文字以上で入力してください')).toBeVisible();
    expect(created).toBeUndefined();

    await app.user.type(within(form).getByLabelText('ログインID'), 'suzuki');
    await app.user.type(within(form).getByLabelText('名前'), '鈴木 次郎');
    await app.user.click(within(form).getByRole('combobox', { name: 'ロール' }));
    await app.user.click(screen.getByRole('option', { name: 'スタッフ' }));
    await app.user.type(within(form).getByLabelText('初回パスワード'), 'first-pass-1');
    await app.user.click(within(form).getByRole('button', { name: '追加する' }));

    expect(await screen.findByText(OPERATOR_MESSAGES.created)).toBeVisible();
    expect(created).toEqual({
      login_id: 'suzuki',
      display_name: '鈴木 次郎',
      role_id: 2,
      password: 'first-pass-1',
    });
    expect(await screen.findByText('鈴木 次郎')).toBeVisible();
    expect(screen.queryByRole('form', { name: 'オペレーターを追加' })).toBeNull();
  });

  it("shows the server's field error under the login id (an id already taken)", async () => {
    const app = renderPage({
      'GET /api/operators': () => reply(200, [me]),
      'POST /api/operators': () =>
        reply(422, {
          message: MESSAGES.validationFailed,
          errors: { login_id: [OPERATOR_MESSAGES.loginIdTaken] },
        }),
    });
    await app.user.click(await screen.findByRole('button', { name: 'オペレーターを追加' }));
    const form = screen.getByRole('form', { name: 'オペレーターを追加' });
    await app.user.type(within(form).getByLabelText('ログインID'), 'demo');
    await app.user.type(within(form).getByLabelText('名前'), '重複');
    await app.user.click(within(form).getByRole('combobox', { name: 'ロール' }));
    await app.user.click(screen.getByRole('option', { name: 'スタッフ' }));
    await app.user.type(within(form).getByLabelText('初回パスワード'), 'first-pass-1');
    await app.user.click(within(form).getByRole('button', { name: '追加する' }));
    const error = await within(form).findByText(OPERATOR_MESSAGES.loginIdTaken);
    expect(within(form).getByLabelText('ログインID')).toHaveAttribute(
      'aria-describedby',
      expect.stringContaining(error.id),
    );
  });

  it('deactivates only after a confirmation that names the operator', async () => {
    let deactivated = false;
    const app = renderPage({
      'GET /api/operators': () => reply(200, [me, { ...sato, active: !deactivated }]),
      'POST /api/operators/2/deactivate': () => {
        deactivated = true;
        return reply(200, { ...sato, active: false });
      },
    });
    const row = (await screen.findByText('佐藤 健')).closest('tr')!;
    await app.user.click(within(row).getByRole('button', { name: '無効にする' }));
    const dialog = screen.getByRole('alertdialog', { name: '佐藤 健さんを無効にする' });
    expect(deactivated).toBe(false);
    await app.user.click(within(dialog).getByRole('button', { name: '無効にする' }));
    expect(await screen.findByText(OPERATOR_MESSAGES.deactivated)).toBeVisible();
    expect(deactivated).toBe(true);
    expect(await within(row).findByRole('button', { name: '有効にする' })).toBeVisible();
  });

  it('パスワード再設定 shows the new first password once', async () => {
    const app = renderPage({
      'GET /api/operators': () => reply(200, [me, sato]),
      'POST /api/operators/2/password': () => reply(200, { password: 'Abc234defGhk' }),
    });
    const row = (await screen.findByText('佐藤 健')).closest('tr')!;
    await app.user.click(within(row).getByRole('button', { name: 'パスワード再設定' }));
    await app.user.click(screen.getByRole('button', { name: '再設定する' }));
    const shown = await screen.findByRole('dialog', { name: '新しい初回パスワード' });
    expect(within(shown).getByText('Abc234defGhk')).toBeVisible();
    await app.user.click(within(shown).getByRole('button', { name: '閉じる' }));
    expect(screen.queryByText('Abc234defGhk')).toBeNull();
  });

  it('a non-owner reads the list under the read-only banner, with no actions offered', async () => {
    renderPage({ 'GET /api/operators': () => reply(200, [me, sato]) }, false);
    expect(await screen.findByText('佐藤 健')).toBeVisible();
    expect(screen.getByText(READ_ONLY_TEXT)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'オペレーターを追加' })).toBeNull();
    expect(screen.queryByRole('button', { name: '無効にする' })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
