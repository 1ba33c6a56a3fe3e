import { act, screen, waitFor, within } from '@testing-library/react';
import {
  PERMISSION_KEYS,
  PERMISSION_LABELS,
  ROLE_MESSAGES,
  type Role,
  type RoleInput,
} from '@tsunagu/contracts';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { reply, type FakeHandler } from '@test/fake-api';
import { findStatus } from '@test/find-status';
import { makeRole } from '@test/fixtures';
import { renderWithProviders } from '@test/render-with-providers';
import { LEAVE_TEXT } from '@/ui/leave-guard';
import { RoleEditPage } from './role-edit-page';
import { RoleListPage } from './role-list-page';
import { RoleNewPage } from './role-new-page';

function EditRoute({ canManage }: { canManage: boolean }) {
  const { id } = useParams();
  return <RoleEditPage id={Number(id)} title="オペレーター権限編集" canManage={canManage} />;
}

function renderRoles(path: string, api: Record<string, FakeHandler>, canManage = true) {
  return renderWithProviders(
    [
      {
        path: '/line/operator_roles',
        element: <RoleListPage title="オペレーター権限" canManage={canManage} />,
      },
      {
        path: '/line/operator_roles/new',
        element: <RoleNewPage title="オペレーター権限作成" canManage={canManage} />,
      },
      { path: '/line/operator_roles/:id', element: <EditRoute canManage={canManage} /> },
    ],
    path,
    api,
  );
}

const owner = makeRole({
  id: 1,
  name: 'オーナー',
  is_owner: true,
  permission_keys: [...PERMISSION_KEYS],
  operator_count: 1,
});
const staff = makeRole({
  id: 2,
  name: 'スタッフ',
  permission_keys: ['tag-write', 'reserve-write'],
});

describe('operator role list', () => {
  it('lists roles with Japanese permission labels, operator counts and the owner badge', async () => {
    renderRoles('/line/operator_roles', {
      'GET /api/operator_roles': () => reply(200, [owner, staff]),
    });
    expect(screen.getByText('読み込み中...')).toBeVisible();
    const staffRow = (await screen.findByRole('link', { name: 'スタッフ' })).closest('tr')!;
    expect(within(staffRow).getByText('タグの編集')).toBeVisible();
    expect(within(staffRow).getByText('予約の編集')).toBeVisible();
    expect(within(staffRow).getByText('3人')).toBeVisible();
    expect(within(staffRow).queryByText('オーナー')).not.toBeInTheDocument();
    const ownerRow = screen.getByRole('link', { name: 'オーナー' }).closest('tr')!;
    expect(within(ownerRow).getByText('オーナー', { selector: '.badge' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'スタッフ' })).toHaveAttribute(
      'href',
      '/line/operator_roles/2',
    );
    expect(screen.getByRole('link', { name: '新規作成' })).toHaveAttribute(
      'href',
      '/line/operator_roles/new',
    );
  });

  it('shows the empty state', async () => {
    renderRoles('/line/operator_roles', { 'GET /api/operator_roles': () => reply(200, []) });
    expect(await screen.findByText('表示するデータがありません')).toBeVisible();
  });

  it('offers 新規作成 only to owners', async () => {
    renderRoles(
      '/line/operator_roles',
      { 'GET /api/operator_roles': () => reply(200, [staff]) },
      false,
    );
    await screen.findByRole('link', { name: 'スタッフ' });
    expect(screen.queryByRole('link', { name: '新規作成' })).not.toBeInTheDocument();
  });
});

describe('operator role form', () => {
  it('shows one checkbox per permission key, in order, with its Japanese label', async () => {
    renderRoles('/line/operator_roles/new', {});
    const group = screen.getByRole('group', { name: '権限' });
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes.map((box) => box.getAttribute('value'))).toEqual([...PERMISSION_KEYS]);
    for (const key of PERMISSION_KEYS) {
      expect(
        within(group).getByRole('checkbox', { name: PERMISSION_LABELS[key] }),
      ).not.toBeChecked();
    }
  });

  it('creates a role with the right body, toasts and returns to the list', async () => {
    let created: unknown;
    const app = renderRoles('/line/operator_roles/new', {
      'POST /api/operator_roles': (request) => {
        created = request.body;
        return reply(201, { id: 9 });
      },
      'GET /api/operator_roles': () => reply(200, [staff]),
    });
    await app.user.type(screen.getByLabelText('ロール名'), '受付');
    // Ticked out of order on purpose: the body keeps the contract's order.
    await app.user.click(
      screen.getByRole('checkbox', { name: PERMISSION_LABELS['reserve-write'] }),
    );
    await app.user.click(
      screen.getByRole('checkbox', { name: PERMISSION_LABELS['template-write'] }),
    );
    await app.user.click(screen.getByRole('button', { name: '保存' }));

    expect(await findStatus(ROLE_MESSAGES.created)).toBeVisible();
    expect(created).toEqual({
      name: '受付',
      permission_keys: ['template-write', 'reserve-write'],
    } satisfies RoleInput);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'オペレーター権限' }),
    ).toBeVisible();
    expect(app.router.state.location.pathname).toBe('/line/operator_roles');
  });

  it('checks the name on the client before sending', async () => {
    const app = renderRoles('/line/operator_roles/new', {});
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    expect(screen.getByText('ロール名を入力してください')).toBeVisible();
    expect(screen.getByLabelText('ロール名')).toHaveAttribute('aria-invalid', 'true');
    expect(app.calls).toHaveLength(0);
  });

  it('shows 422 field errors beside the field', async () => {
    const app = renderRoles('/line/operator_roles/new', {
      'POST /api/operator_roles': () =>
        reply(422, {
          message: '入力内容に誤りがあります',
          errors: {
            name: ['このロール名は既に使われています'],
            'permission_keys.0': ['不正な権限です'],
          },
        }),
    });
    await app.user.type(screen.getByLabelText('ロール名'), 'スタッフ');
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    const nameError = await screen.findByText('このロール名は既に使われています');
    expect(screen.getByLabelText('ロール名')).toHaveAccessibleDescription(
      'このロール名は既に使われています',
    );
    expect(nameError).toBeVisible();
    expect(
      within(screen.getByRole('group', { name: '権限' })).getByText('不正な権限です'),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('入力内容に誤りがあります');
  });

  it('a name the account already has (a second オーナー) shows the server message under ロール名 and stays', async () => {
    const app = renderRoles('/line/operator_roles/new', {
      'POST /api/operator_roles': () =>
        reply(422, {
          message: '入力内容に誤りがあります',
          errors: { name: [ROLE_MESSAGES.nameTaken] },
        }),
    });
    await app.user.type(screen.getByLabelText('ロール名'), 'オーナー');
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(ROLE_MESSAGES.nameTaken)).toBeVisible();
    expect(screen.getByLabelText('ロール名')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('ロール名')).toHaveAccessibleDescription(ROLE_MESSAGES.nameTaken);
    expect(screen.getByLabelText('ロール名')).toHaveValue('オーナー');
    expect(app.router.state.location.pathname).toBe('/line/operator_roles/new');
  });

  it('is read-only for operators without the owner role', () => {
    renderRoles('/line/operator_roles/new', {}, false);
    expect(screen.getByText(ROLE_MESSAGES.ownerRequired)).toBeVisible();
    expect(screen.getByLabelText('ロール名')).toHaveAttribute('readonly');
    expect(screen.getByRole('checkbox', { name: PERMISSION_LABELS['tag-write'] })).toBeDisabled();
    expect(screen.queryByRole('button', { name: '保存' })).not.toBeInTheDocument();
  });
});

describe('operator role edit', () => {
  const withRole = (role: Role, extra: Record<string, FakeHandler> = {}) => ({
    [`GET /api/operator_roles/:id`]: (request: { params: Record<string, string> }) =>
      request.params.id === String(role.id)
        ? reply(200, role)
        : reply(404, { message: ROLE_MESSAGES.notFound }),
    'GET /api/operator_roles': () => reply(200, [role]),
    ...extra,
  });

  it('loads the role and saves changes with PUT', async () => {
    let sent: unknown;
    const app = renderRoles(
      '/line/operator_roles/2',
      withRole(staff, {
        'PUT /api/operator_roles/:id': (request) => {
          sent = request.body;
          return reply(200, { ...staff, ...(request.body as RoleInput) });
        },
      }),
    );
    const name = await screen.findByLabelText('ロール名');
    expect(name).toHaveValue('スタッフ');
    expect(screen.getByRole('checkbox', { name: PERMISSION_LABELS['tag-write'] })).toBeChecked();
    await app.user.clear(name);
    await app.user.type(name, 'スタッフA');
    await app.user.click(screen.getByRole('checkbox', { name: PERMISSION_LABELS['tag-write'] }));
    await app.user.click(screen.getByRole('button', { name: '保存' }));

    expect(await findStatus(ROLE_MESSAGES.updated)).toBeVisible();
    expect(sent).toEqual({ name: 'スタッフA', permission_keys: ['reserve-write'] });
    expect(app.calls.find((call) => call.method === 'PUT')?.path).toBe('/api/operator_roles/2');
    expect(app.router.state.location.pathname).toBe('/line/operator_roles');
  });

  const unassigned = makeRole({ ...staff, operator_count: 0 });

  it('deletes after a confirmation that names the role, toasts and returns to the list', async () => {
    const app = renderRoles(
      '/line/operator_roles/2',
      withRole(unassigned, {
        'DELETE /api/operator_roles/:id': () => reply(200, { status: true }),
      }),
    );
    await app.user.click(await screen.findByRole('button', { name: 'このロールを削除' }));
    const confirm = screen.getByRole('alertdialog', { name: 'ロール「スタッフ」の削除' });
    expect(confirm).toHaveTextContent(
      'ロール「スタッフ」を削除します。削除したロールは元に戻せません。',
    );
    expect(app.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await app.user.click(within(confirm).getByRole('button', { name: '削除する' }));
    expect(await findStatus(ROLE_MESSAGES.deleted)).toBeVisible();
    expect(app.router.state.location.pathname).toBe('/line/operator_roles');
  });

  it('削除 stands apart from 保存: outside the form, in its own section', async () => {
    renderRoles('/line/operator_roles/2', withRole(unassigned));
    const remove = await screen.findByRole('button', { name: 'このロールを削除' });
    const form = screen.getByRole('button', { name: '保存' }).closest('form')!;
    expect(form).not.toContainElement(remove);
    expect(remove.closest('section')).toHaveAccessibleName('ロールの削除');
  });

  it('a role still assigned to operators says so before anyone presses 削除, and cannot be deleted', async () => {
    const app = renderRoles('/line/operator_roles/2', withRole(staff));
    const remove = await screen.findByRole('button', { name: 'このロールを削除' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription(new RegExp(`^${ROLE_MESSAGES.inUse(3)}`));
    expect(screen.getByText(new RegExp(ROLE_MESSAGES.inUse(3)))).toBeVisible();
    await app.user.click(remove);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(app.calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('shows the 409 message when the role was assigned meanwhile, and stays', async () => {
    const app = renderRoles(
      '/line/operator_roles/2',
      withRole(unassigned, {
        'DELETE /api/operator_roles/:id': () => reply(409, { message: ROLE_MESSAGES.inUse(1) }),
      }),
    );
    await app.user.click(await screen.findByRole('button', { name: 'このロールを削除' }));
    await app.user.click(screen.getByRole('button', { name: '削除する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ROLE_MESSAGES.inUse(1));
    expect(app.router.state.location.pathname).toBe('/line/operator_roles/2');
  });

  it('REF-17 an edited role asks before leaving; saving does not ask', async () => {
    const app = renderRoles(
      '/line/operator_roles/2',
      withRole(unassigned, {
        'PUT /api/operator_roles/:id': (request) =>
          reply(200, { ...unassigned, ...(request.body as RoleInput) }),
      }),
    );
    const name = await screen.findByLabelText('ロール名');
    await app.user.type(name, 'B');
    await act(() => app.router.navigate('/line/operator_roles'));
    const ask = await screen.findByRole('alertdialog', { name: LEAVE_TEXT.title });
    await app.user.click(within(ask).getByRole('button', { name: LEAVE_TEXT.stay }));
    expect(app.router.state.location.pathname).toBe('/line/operator_roles/2');
    expect(name).toHaveValue('スタッフB');

    await app.user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/line/operator_roles'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('the owner role is read-only with a notice and no delete', async () => {
    renderRoles('/line/operator_roles/1', withRole(owner));
    expect(await screen.findByText(ROLE_MESSAGES.ownerImmutable)).toBeVisible();
    expect(screen.getByLabelText('ロール名')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: '保存' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'このロールを削除' })).not.toBeInTheDocument();
  });

  it('non-owner operators see the role read-only', async () => {
    renderRoles('/line/operator_roles/2', withRole(staff), false);
    expect(await screen.findByText(ROLE_MESSAGES.ownerRequired)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'このロールを削除' })).not.toBeInTheDocument();
  });

  it('shows the server message for an unknown role', async () => {
    renderRoles('/line/operator_roles/99', withRole(staff));
    expect(await screen.findByRole('alert')).toHaveTextContent(ROLE_MESSAGES.notFound);
    expect(screen.getByRole('link', { name: '一覧に戻る' })).toHaveAttribute(
      'href',
      '/line/operator_roles',
    );
  });
});
