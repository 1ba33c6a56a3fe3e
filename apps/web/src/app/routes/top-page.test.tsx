import { screen, within } from '@testing-library/react';
import { BRANDS } from '@tsunagu/contracts';
import { describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { makeSession } from '@test/fixtures';
import { renderApp } from '@test/render-app';

async function themeOf(brandTheme: string) {
  const app = renderApp('/', { session: makeSession({ brandTheme }) });
  const welcome = await screen.findByText(/ようこそ/);
  const theme = welcome.closest('[data-theme]')?.getAttribute('data-theme');
  app.unmount();
  return theme;
}

describe('top page', () => {
  it('APP-07 the theme follows the account brand, and brands differ', async () => {
    const themes = [];
    for (const brand of BRANDS) themes.push(await themeOf(brand.theme));
    expect(themes).toEqual(BRANDS.map((brand) => brand.theme));
    expect(new Set(themes).size).toBe(5);
  });

  it('APP-07 shows the brand label of the account', async () => {
    renderApp('/', {
      session: makeSession({ brandLabel: 'つなぐクリニック', brandTheme: 'teal' }),
    });
    expect(
      await screen.findByText('つなぐクリニック', { selector: '.top-page__brand' }),
    ).toBeVisible();
    expect(document.title).toBe('トップ | つなぐクリニック');
  });

  it('ISSUE-28 shows the morning’s figures from one call, each a link to its screen, waiting ones marked', async () => {
    const app = renderApp('/', {
      session: makeSession(),
      api: {
        'GET /api/home': () =>
          reply(200, {
            today: '2026-11-26',
            reservations_today: 12,
            pending_requests: 3,
            new_friends_week: 1200,
            blocks_week: 4,
            unread_chats: 0,
            sent_this_month: 15000,
            failed_sends_week: 2,
          }),
      },
    });
    const figures = await screen.findByRole('region', { name: '今日の数字' });
    const today = await within(figures).findByRole('link', { name: '今日の予約 12件' });
    expect(today).toHaveAttribute('href', '/line/reserve/salon/timeline');
    const pending = within(figures).getByRole('link', { name: '要対応のリクエスト 3件' });
    expect(pending).toHaveClass('home-figure--alert');
    const chats = within(figures).getByRole('link', { name: '未読のチャット 0件' });
    expect(chats).not.toHaveClass('home-figure--alert');
    expect(chats).toHaveAttribute('href', '/line/chat');
    expect(within(figures).getByRole('link', { name: '今週の新しい友だち 1,200人' })).toBeVisible();
    expect(
      within(figures).getByRole('link', { name: '今月の送信数（つなぐから） 15,000通' }),
    ).toBeVisible();
    expect(within(figures).getByRole('link', { name: '今週の送信失敗 2件' })).toHaveClass(
      'home-figure--alert',
    );
    expect(app.calls.filter((call) => call.path === '/api/home')).toHaveLength(1);
  });
});
