import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession } from '@test/fixtures';
import { renderApp } from '@test/render-app';

const CATALOGUE = { level: 1, name: 'UIカタログ' } as const;

// The page renders every element at once, a 5,000-row table included: on a loaded machine jsdom
// needs more than the default 5 s for that first render.
describe('UI catalogue route (/dev/ui)', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('shows every element of the kit to an owner', async () => {
    vi.stubEnv('DEV', false);
    renderApp('/dev/ui', { session: makeSession({ isOwner: true }) });
    expect(await screen.findByRole('heading', CATALOGUE)).toBeVisible();
    expect(document.title).toBe('UIカタログ | つなぐ');
    expect(screen.getByRole('navigation', { name: 'パンくずリスト' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'お名前' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '店舗' })).toHaveTextContent('選択してください');
    expect(screen.getByRole('combobox', { name: 'スタッフ' })).toHaveTextContent('読み込み中...');
    expect(screen.getByRole('textbox', { name: '予約日' })).toHaveValue('2024/05/01');
    expect(screen.getByRole('textbox', { name: '送信時刻' })).toHaveValue('18:00:00');
    expect(screen.getByRole('table', { name: 'コース（空）' })).toHaveTextContent(
      '表示するデータがありません',
    );
    expect(screen.getByRole('table', { name: 'コース（取得中）' })).toHaveTextContent('取得中...');
    expect(screen.getByRole('table', { name: 'コース（5,000行）' })).toHaveAttribute(
      'aria-rowcount',
      '5001',
    );
    expect(screen.getByRole('button', { name: 'OKアラートを開く' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '成功トースト' })).toBeInTheDocument();
  });

  it('looks like an unknown page to a non-owner in a production build', async () => {
    vi.stubEnv('DEV', false);
    renderApp('/dev/ui', { session: makeSession({ isOwner: false }) });
    expect(await screen.findByRole('heading', { name: 'ページが見つかりません' })).toBeVisible();
    expect(screen.queryByRole('heading', CATALOGUE)).not.toBeInTheDocument();
    expect(document.title).toBe('ページが見つかりません | つなぐ');
  });

  it('is open to everyone signed in during development', async () => {
    vi.stubEnv('DEV', true);
    renderApp('/dev/ui', { session: makeSession({ isOwner: false, permissions: [] }) });
    expect(await screen.findByRole('heading', CATALOGUE)).toBeVisible();
  });
});
