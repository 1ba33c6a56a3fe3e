import { screen } from '@testing-library/react';
import { BRANDS } from '@tsunagu/contracts';
import { describe, expect, it } from 'vitest';
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
});
