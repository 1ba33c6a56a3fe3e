import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { makeRole, makeSession } from '@test/fixtures';
import { renderApp } from '@test/render-app';

const roles = { 'GET /api/operator_roles': () => reply(200, [makeRole()]) };

/**
 * A role's link in the list. Looked up inside the table: a role query over the whole app (menu
 * included) on every poll is slow enough on a loaded machine to outlast findBy's wait.
 */
async function roleLink(name: string) {
  const table = await screen.findByRole('table', { name: 'ロール一覧' });
  return within(table).findByRole('link', { name });
}

describe('operator role routes', () => {
  it('ROUTE-36 an owner sees the role list with 新規作成', async () => {
    renderApp('/line/operator_roles', { session: makeSession({ isOwner: true }), api: roles });
    expect(await roleLink('スタッフ')).toBeVisible();
    expect(within(screen.getByRole('main')).getByRole('link', { name: '新規作成' })).toBeVisible();
    expect(document.title).toBe('オペレーター権限 | つなぐ');
  });

  it('ROUTE-36 a non-owner operator sees the list without 新規作成', async () => {
    renderApp('/line/operator_roles', { session: makeSession({ isOwner: false }), api: roles });
    expect(await roleLink('スタッフ')).toBeVisible();
    expect(
      within(screen.getByRole('main')).queryByRole('link', { name: '新規作成' }),
    ).not.toBeInTheDocument();
  });

  it('ROUTE-38 a numeric id opens that role', async () => {
    renderApp('/line/operator_roles/2', {
      session: makeSession(),
      api: { 'GET /api/operator_roles/:id': () => reply(200, makeRole({ name: '受付' })) },
    });
    expect(await screen.findByDisplayValue('受付')).toBeVisible();
  });
});
