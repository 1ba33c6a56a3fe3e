import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reply } from '@test/fake-api';
import { renderTel } from '@test/render-tel';

const SCREENS = [
  '/line/tel',
  '/line/tel/list/3',
  '/line/tel/register',
  '/line/tel/upload',
  '/line/tel/template',
  '/line/tel/template/register',
];

describe('every tel screen', () => {
  afterEach(() => vi.unstubAllEnvs());

  it.each(SCREENS)('TEL-73 %s: the page header links the manual path tel', (path) => {
    vi.stubEnv('VITE_MANUAL_ROOT', 'https://manual.example.jp/docs');
    renderTel(path);
    expect(screen.getByRole('link', { name: /マニュアル/ })).toHaveAttribute(
      'href',
      'https://manual.example.jp/docs/tel',
    );
  });

  it.each(SCREENS)('%s shows the dry-run banner when the server sends nothing', async (path) => {
    renderTel(path, { 'GET /api/tel/config': () => reply(200, { sender: 'dry-run' }) });
    expect(await screen.findByRole('note')).toHaveTextContent('ドライラン: 実際には送信されません');
  });

  it('with the sender in the page’s HTML, the banner is in the first paint above the buttons, and nothing is asked', () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'preload-tel-config';
    block.textContent = JSON.stringify({ sender: 'dry-run' });
    document.head.append(block);
    const app = renderTel('/line/tel');
    // Synchronously: no moment in which the buttons stand where the banner will appear.
    const banner = screen.getByRole('note');
    expect(banner).toHaveTextContent('ドライラン: 実際には送信されません');
    expect(
      banner.compareDocumentPosition(screen.getByRole('link', { name: '個別登録' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(app.callsTo('GET', '/api/tel/config')).toHaveLength(0);
    expect(document.getElementById('preload-tel-config')).toBeNull();
  });

  it('no banner when the server sends to LINE, or cannot say', async () => {
    const line = renderTel('/line/tel', {
      'GET /api/tel/config': () => reply(200, { sender: 'line' }),
    });
    await waitFor(() => expect(line.callsTo('GET', '/api/tel/config')).toHaveLength(1));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    line.unmount();
    const missing = renderTel('/line/tel');
    await waitFor(() => expect(missing.callsTo('GET', '/api/tel/config')).toHaveLength(1));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
