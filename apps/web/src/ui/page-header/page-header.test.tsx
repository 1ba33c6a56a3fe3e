import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BreadcrumbItem } from './breadcrumbs';
import { PageHeader } from './page-header';

function renderHeader(props: { breadcrumbs?: BreadcrumbItem[]; manualPath?: string }) {
  const router = createMemoryRouter(
    [
      { path: '/line/tel/upload', element: <PageHeader title="アップロード" {...props} /> },
      { path: '/line/tel', element: <h1>通知メッセージ一覧</h1> },
    ],
    { initialEntries: ['/line/tel/upload'] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

const TRAIL: BreadcrumbItem[] = [
  { label: '通知メッセージ', to: '/line/tel' },
  { label: 'ヘルプ', href: 'https://example.jp/help' },
  { label: 'アップロード' },
];

describe('PageHeader', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('UI-01 shows a breadcrumb trail from its items, in order', () => {
    renderHeader({ breadcrumbs: TRAIL });
    const trail = screen.getByRole('navigation', { name: 'パンくずリスト' });
    expect(trail).toHaveTextContent('通知メッセージヘルプアップロード');
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('heading', { level: 1, name: 'アップロード' })).toBeInTheDocument();
  });

  it('UI-02 items are a route link, a plain link or plain text', async () => {
    const { router, user } = renderHeader({ breadcrumbs: TRAIL });
    expect(screen.getByRole('link', { name: 'ヘルプ' })).toHaveAttribute(
      'href',
      'https://example.jp/help',
    );
    expect(screen.queryByRole('link', { name: 'アップロード' })).not.toBeInTheDocument();
    expect(screen.getByText('アップロード', { selector: 'span' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // The route link navigates inside the app, through the router.
    await user.click(screen.getByRole('link', { name: '通知メッセージ' }));
    expect(router.state.location.pathname).toBe('/line/tel');
    expect(screen.getByRole('heading', { name: '通知メッセージ一覧' })).toBeInTheDocument();
  });

  it('UI-03 without a manual path there is no manual link, even with a manual root', () => {
    vi.stubEnv('VITE_MANUAL_ROOT', 'https://manual.example.jp/docs');
    renderHeader({});
    expect(screen.queryByRole('link', { name: /マニュアル/ })).not.toBeInTheDocument();
  });

  it('UI-04 with a manual root the manual opens in a new tab', () => {
    vi.stubEnv('VITE_MANUAL_ROOT', 'https://manual.example.jp/docs');
    renderHeader({ manualPath: 'tel' });
    const link = screen.getByRole('link', { name: /マニュアル/ });
    expect(link).toHaveAttribute('href', 'https://manual.example.jp/docs/tel');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAccessibleName('マニュアル（新しいタブで開きます）');
  });

  it('UI-04 without a manual root (or with a non-http one) nothing opens a tab', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    vi.stubEnv('VITE_MANUAL_ROOT', '');
    const first = renderHeader({ manualPath: 'tel' });
    expect(screen.queryByRole('link', { name: /マニュアル/ })).not.toBeInTheDocument();
    expect(document.querySelector('[target="_blank"]')).toBeNull();
    first.router.dispose();

    vi.stubEnv('VITE_MANUAL_ROOT', 'javascript:alert(1)');
    renderHeader({ manualPath: 'tel' });
    expect(screen.queryByRole('link', { name: /マニュアル/ })).not.toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });
});
