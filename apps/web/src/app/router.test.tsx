import { act, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AppRouterProvider } from '@/lib/app-router-provider';
import { describe, expect, it } from 'vitest';
import { installFakeApi, reply } from '@test/fake-api';
import { makeSession } from '@test/fixtures';
import { renderApp } from '@test/render-app';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

const signedIn = { session: makeSession() };

describe('router', () => {
  it('ROUTE-28 /line/richmenu redirects to /line/richmenu/mode_select', async () => {
    const app = renderApp('/line/richmenu', signedIn);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'リッチメニュー モード選択' }),
    ).toBeVisible();
    expect(app.location()).toBe('/line/richmenu/mode_select');
  });

  it.each([
    '/line/reserve/event/abc',
    '/line/reserve/event/12',
    '/line/reserve/event/abc/edit',
    '/line/reserve/event/x/list',
    '/line/reserve/event/1/2/3',
  ])('ROUTE-35 %s redirects to EventList', async (path) => {
    const app = renderApp(path, signedIn);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'イベント予約一覧' }),
    ).toBeVisible();
    expect(app.location()).toBe('/line/reserve/event');
  });

  it.each([
    ['/line/reserve/event/new', 'イベント予約作成'],
    ['/line/reserve/event/12/edit', 'イベント予約編集'],
    ['/line/reserve/event/12/list', 'イベント予約者一覧'],
  ])('ROUTE-32..34 %s stays where it is', async (path, title) => {
    const app = renderApp(path, signedIn);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(app.location()).toBe(path);
  });

  it.each([
    '/vue3-dev/line/template/edit/abc',
    '/line/journey-tag/1a/edit',
    '/line/operator_roles/new-role',
  ])('ROUTE-03/23/38 a non-numeric id on %s shows the not-found page', async (path) => {
    renderApp(path, signedIn);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ページが見つかりません' }),
    ).toBeVisible();
    expect(document.title).toBe('ページが見つかりません | つなぐ');
  });

  it('ROUTE-03 a numeric id opens the page', async () => {
    renderApp('/vue3-dev/line/template/edit/42', signedIn);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'テンプレート編集' }),
    ).toBeVisible();
  });

  it('ROUTE-20 the landing edit id is optional', async () => {
    renderApp('/line/landing/edit', signedIn);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ランディングページ編集' }),
    ).toBeVisible();
  });

  it('DEC-07 an unknown path shows a Japanese not-found page inside the main layout', async () => {
    renderApp('/no/such/page', signedIn);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ページが見つかりません' }),
    ).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'メインメニュー' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'トップへ戻る' })).toHaveAttribute('href', '/');
  });

  it('APP-01 the app uses browser history: plain paths, no # segment', async () => {
    installFakeApi({ 'GET /api/auth/me': () => reply(200, makeSession()) });
    window.history.replaceState(null, '', '/line/richmenu');
    const router = createAppRouter();
    render(
      <AppProviders queryClient={new QueryClient()}>
        <AppRouterProvider router={router} />
      </AppProviders>,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'リッチメニュー モード選択' }),
    ).toBeVisible();
    expect(window.location.pathname).toBe('/line/richmenu/mode_select');
    expect(window.location.hash).toBe('');

    await act(() => router.navigate('/line/tel/upload'));
    expect(window.location.pathname).toBe('/line/tel/upload');
    expect(window.location.href).not.toContain('#');
    act(() => router.dispose());
  });
});
