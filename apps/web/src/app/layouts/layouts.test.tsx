import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { makeSession } from '@test/fixtures';
import { renderApp } from '@test/render-app';
import { isRedirectRoute, type PageRoute } from '../route-handle';
import { routeTable } from '../route-table';

// Every page a menu can link to: no path parameter, not the login page, not the not-found page,
// not a page the menu reaches through another page (the salon settings sections, ADR 0106).
const menuPages = routeTable.filter(
  (entry): entry is PageRoute =>
    !isRedirectRoute(entry) &&
    !entry.path.includes(':') &&
    !entry.handle.menuVia &&
    !['Login', 'NotFound'].includes(entry.handle.name),
);

describe('main layout', () => {
  it('APP-09 has the header, a Japanese side menu and the survey controller', async () => {
    renderApp('/line/ad-connect', {
      session: makeSession({ brandLabel: 'つなぐ予約' }),
      api: { 'GET /api/line/ad_connections': () => reply(200, []) },
    });
    const menu = await screen.findByRole('navigation', { name: 'メインメニュー' });
    expect(within(menu).getByRole('heading', { name: '通知メッセージ' })).toBeVisible();
    expect(screen.getByRole('banner')).toHaveTextContent('つなぐ予約');
    expect(screen.getByRole('banner')).toHaveTextContent('山田 花子');
    expect(screen.getByRole('button', { name: 'ご意見' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'ログアウト' })).toBeVisible();
    // The screen is its own lazily loaded chunk (issue 30): its heading comes when it has loaded.
    expect(
      await within(screen.getByRole('main')).findByRole(
        'heading',
        { level: 1, name: '広告連携一覧' },
        { timeout: 15_000 },
      ),
    ).toBeVisible();
  });

  it('APP-09 the side menu links to every non-parameterised route for an operator with every key', async () => {
    renderApp('/', { session: makeSession() });
    const menu = await screen.findByRole('navigation', { name: 'メインメニュー' });
    // Folded sections keep their links in the page, hidden until opened.
    const hrefs = [...menu.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    for (const page of menuPages) expect(hrefs).toContain(page.path);
  });

  it('APP-02 hides menu entries whose keys the operator lacks', async () => {
    const app = renderApp('/', { session: makeSession({ permissions: ['tag-write'] }) });
    const menu = await screen.findByRole('navigation', { name: 'メインメニュー' });
    for (const section of ['友だち管理', '集客・分析', 'メッセージ']) {
      await app.user.click(within(menu).getByRole('button', { name: section }));
    }
    expect(within(menu).getByRole('link', { name: /^タグ管理/ })).toBeVisible();
    expect(within(menu).queryByRole('link', { name: /^ファネル一覧/ })).not.toBeInTheDocument();
    expect(
      within(menu).queryByRole('link', { name: /^フレックスメッセージ作成/ }),
    ).not.toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: /^エピソード一覧/ })).toBeVisible();
  });

  it('ログアウト signs out on the server and returns to the login page', async () => {
    const app = renderApp('/line/ad-connect', {
      session: makeSession(),
      api: { 'POST /api/auth/logout': () => reply(200, { status: true }) },
    });
    await app.user.click(await screen.findByRole('button', { name: 'ログアウト' }));
    expect(await screen.findByRole('button', { name: 'ログイン' })).toBeVisible();
    expect(app.location()).toBe('/account/login');
    const logout = app.calls.find((call) => call.path === '/api/auth/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers['X-Requested-With']).toBe('XMLHttpRequest');
  });

  it('a 401 during work returns to the login page with the way back remembered', async () => {
    const app = renderApp('/line/operator_roles', {
      session: makeSession(),
      api: { 'GET /api/operator_roles': () => reply(401, { message: 'ログインしてください' }) },
    });
    await waitFor(() =>
      expect(app.location()).toBe(
        `/account/login?redirect=${encodeURIComponent('/line/operator_roles')}`,
      ),
    );
  });
});

describe('simple main layout', () => {
  it('APP-10 shows the header without the side menu', async () => {
    renderApp('/line/template/edit_v3/new', { session: makeSession() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'フレックスメッセージ作成' }),
    ).toBeVisible();
    expect(screen.getByRole('banner')).toHaveTextContent('つなぐ');
    expect(screen.queryByRole('navigation', { name: 'メインメニュー' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ご意見' })).not.toBeInTheDocument();
  });

  it('ROUTE-01 the visual page sits on the gray, small-padding surface', async () => {
    renderApp('/vue3-dev/line/visual', { session: makeSession() });
    await screen.findByRole('heading', { level: 1, name: 'ビジュアル' });
    expect(screen.getByRole('main')).toHaveAttribute('data-surface', 'gray');
    expect(screen.queryByRole('navigation', { name: 'メインメニュー' })).not.toBeInTheDocument();
  });
});

describe('simple layout', () => {
  it('APP-08 the login page is a centred card without header or menu', async () => {
    renderApp('/account/login');
    await screen.findByRole('button', { name: 'ログイン' });
    expect(document.querySelector('[data-layout="simple"]')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'メインメニュー' })).not.toBeInTheDocument();
  });
});
