import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { BASE, renderSettings } from '@test/salon-config-fixtures';

const PATH = '/line/reserve/salon/settings/online';
const BOOKING = 'http://localhost/r/pk-salon-7';
/** The settings chunk loads lazily; on a busy machine that takes a while. */
const SLOW = { timeout: 15_000 };

describe('booking page preview', { timeout: 30_000 }, () => {
  it('RSV-16 ISSUE-12 プレビュー opens the URL of GET /online_url in a new tab', async () => {
    const app = renderSettings(PATH, {
      [`GET ${BASE}/online_url`]: () => reply(200, { url: BOOKING }),
    });
    const preview = await screen.findByRole('link', { name: /^プレビュー/ }, SLOW);
    expect(preview).toHaveAttribute('href', BOOKING);
    expect(preview).toHaveAttribute('target', '_blank');
    expect(preview).toHaveAttribute('rel', 'noopener noreferrer');
    expect(preview).toHaveAccessibleName('プレビュー（新しいタブで開きます）');
    expect(app.callsTo('GET', `${BASE}/online_url`)).toHaveLength(1);
  });

  it('staff without reserve-write may preview too (it changes nothing)', async () => {
    renderSettings(
      PATH,
      { [`GET ${BASE}/online_url`]: () => reply(200, { url: BOOKING }) },
      { readOnly: true },
    );
    expect(await screen.findByRole('link', { name: /^プレビュー/ }, SLOW)).toHaveAttribute(
      'href',
      BOOKING,
    );
  });

  it('while the URL is unknown the button stays disabled, never a link to nowhere', async () => {
    renderSettings(PATH, {
      [`GET ${BASE}/online_url`]: () => reply(500, { message: 'サーバーエラー' }),
    });
    expect(await screen.findByRole('heading', { name: '予約ページ' }, SLOW)).toBeVisible();
    expect(screen.getByRole('button', { name: 'プレビュー' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: /^プレビュー/ })).toBeNull();
  });
});
