import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession } from '@test/fixtures';
import { renderApp } from '@test/render-app';
import { reply } from '@test/fake-api';
import { routeTable } from '../route-table';
import { hasScreen } from './use-operator-menu';

const MENU = 'メインメニュー';
const api = {
  'GET /api/tel/list': () => reply(200, []),
  'GET /api/tel/template/list': () => reply(200, []),
  'GET /api/operator_roles': () => reply(200, []),
};

async function openMenu() {
  return screen.findByRole('navigation', { name: MENU });
}

describe('side menu', () => {
  it('APP-09 is a navigation landmark whose sections fold; the current page’s section starts open', async () => {
    const app = renderApp('/line/tel/register', { session: makeSession(), api });
    const menu = await openMenu();
    const tel = within(menu).getByRole('button', { name: '通知メッセージ' });
    const settings = within(menu).getByRole('button', { name: '設定' });
    expect(tel).toHaveAttribute('aria-expanded', 'true');
    expect(settings).toHaveAttribute('aria-expanded', 'false');
    expect(within(menu).getByRole('link', { name: '通知メッセージ個別登録' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(menu).queryByRole('link', { name: 'オペレーター権限' })).toBeNull();

    await app.user.click(settings);
    expect(settings).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByRole('link', { name: 'オペレーター権限' })).toBeVisible();
    await app.user.click(tel);
    expect(within(menu).queryByRole('link', { name: '通知メッセージ個別登録' })).toBeNull();
  });

  it('a page below a menu entry (an order’s detail) opens that entry’s section', async () => {
    renderApp('/line/operator_roles/new', { session: makeSession(), api });
    const menu = await openMenu();
    expect(within(menu).getByRole('button', { name: '設定' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('entries without a screen would carry a quiet 準備中 tag; every entry has its screen now (広告連携一覧 was the last, issue 30)', async () => {
    const app = renderApp('/', { session: makeSession(), api });
    const menu = await openMenu();
    await app.user.click(within(menu).getByRole('button', { name: '集客・分析' }));
    await app.user.click(within(menu).getByRole('button', { name: '通知メッセージ' }));
    const adConnect = within(menu).getByRole('link', { name: '広告連携一覧' });
    expect(within(adConnect).queryByText('準備中')).toBeNull();
    expect(menu.querySelectorAll('.menu-tag')).toHaveLength(0);
    const built = within(menu).getByRole('link', { name: '通知メッセージ' });
    expect(within(built).queryByText('準備中')).toBeNull();
  });

  it('“built” comes from route-pages.ts: a route with a screen there is built, others are not', () => {
    expect(hasScreen('TelListPage')).toBe(true);
    expect(hasScreen('OperatorRoleEdit')).toBe(true);
    expect(hasScreen('AdConnectList')).toBe(true);
    expect(hasScreen('NoSuchScreen')).toBe(false);
    expect(hasScreen('toString')).toBe(false);
  });

  it('staff does not see オペレーター権限作成 (owner only), but still sees the role list', async () => {
    const app = renderApp('/', {
      session: makeSession({ isOwner: false, permissions: [] }),
      api,
    });
    const menu = await openMenu();
    await app.user.click(within(menu).getByRole('button', { name: '設定' }));
    expect(within(menu).getByRole('link', { name: 'オペレーター権限' })).toBeVisible();
    expect(within(menu).queryByRole('link', { name: /オペレーター権限作成/ })).toBeNull();
    expect(menu.querySelector('a[href="/line/operator_roles/new"]')).toBeNull();
  });

  it('staff does not see LINE連携 (the owner’s screen), holding every key or not', async () => {
    const app = renderApp('/', { session: makeSession({ isOwner: false }), api });
    const menu = await openMenu();
    await app.user.click(within(menu).getByRole('button', { name: '設定' }));
    expect(within(menu).getByRole('link', { name: 'オペレーター権限' })).toBeVisible();
    expect(within(menu).queryByRole('link', { name: /LINE連携/ })).toBeNull();
    expect(menu.querySelector('a[href="/line/channel"]')).toBeNull();
    expect(screen.queryByRole('link', { name: 'LINE連携' })).toBeNull();
  });

  it('the owner sees LINE連携 under 設定, as a built screen', async () => {
    const app = renderApp('/', { session: makeSession(), api });
    const menu = await openMenu();
    await app.user.click(within(menu).getByRole('button', { name: '設定' }));
    expect(within(menu).getByRole('link', { name: 'LINE連携' })).toHaveAttribute(
      'href',
      '/line/channel',
    );
  });

  it('the owner sees オペレーター権限作成', async () => {
    renderApp('/line/operator_roles', { session: makeSession(), api });
    const menu = await openMenu();
    expect(within(menu).getByRole('link', { name: 'オペレーター権限作成' })).toBeVisible();
  });
});

describe('top page', () => {
  it('lists only screens that work: every link opens a built screen, nothing says 準備中', async () => {
    renderApp('/', { session: makeSession(), api });
    const main = await screen.findByRole('main');
    await within(main).findByText(/ようこそ/);
    const hrefs = within(main)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining(['/line/tel', '/line/operator_roles']));
    for (const href of hrefs) {
      const route = routeTable.find((entry) => entry.path === href);
      expect(route && 'handle' in route && hasScreen(route.handle.name), String(href)).toBe(true);
    }
    expect(within(main).queryByText('準備中')).toBeNull();
  });
});

describe('menu drawer (narrow screens)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function narrowScreen() {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
  }

  it('opens from the header’s メニュー button, makes the page inert, and Escape closes it', async () => {
    narrowScreen();
    const app = renderApp('/line/tel', { session: makeSession(), api });
    const button = await screen.findByRole('button', { name: 'メニュー' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('aria-controls', 'main-menu');

    await app.user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(document.querySelector('[data-layout="main"]')).toHaveAttribute('data-menu-open');
    expect(screen.getByRole('main', { hidden: true })).toHaveAttribute('inert');
    // Focus starts inside the drawer.
    expect((await openMenu()).contains(document.activeElement)).toBe(true);

    await app.user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    expect(screen.getByRole('main')).not.toHaveAttribute('inert');
  });

  it('following a link closes the drawer', async () => {
    narrowScreen();
    const app = renderApp('/line/tel', { session: makeSession(), api });
    await app.user.click(await screen.findByRole('button', { name: 'メニュー' }));
    const menu = await openMenu();
    await act(async () => {
      await app.user.click(within(menu).getByRole('link', { name: '通知メッセージ個別登録' }));
    });
    expect(app.location()).toBe('/line/tel/register');
    expect(screen.getByRole('button', { name: 'メニュー' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});
