import type { AdConnection } from '@tsunagu/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, type FakeHandler } from '@test/fake-api';
import { makeSession } from '@test/fixtures';
import { renderApp } from '@test/render-app';

const none = (platform: AdConnection['platform']): AdConnection => ({
  platform,
  state: 'none',
  settings: {},
  has_token: false,
  authorized: false,
  mappings: [],
  last_error: null,
  counts: { pending: 0, sent: 0, rejected: 0, failed: 0 },
  last_sends: [],
});
const lineInError: AdConnection = {
  ...none('line'),
  state: 'error',
  settings: { tag_id: 'tag-1' },
  has_token: true,
  last_error: 'invalid access token',
  mappings: [{ event: 'salon_booked', name: 'CompleteReservation', value: 5000 }],
  counts: { pending: 1, sent: 3, rejected: 1, failed: 0 },
  last_sends: [
    {
      id: 9,
      member_id: 4,
      event: 'salon_booked',
      dedup_key: 'tsunagu-1-salon_booked-4',
      state: 'rejected',
      attempts: 1,
      answer: 'event_name is invalid',
      occurred_at: '2026-11-26T01:00:00.000Z',
      sent_at: null,
    },
  ],
};

function render(isOwner: boolean, api: Record<string, FakeHandler> = {}) {
  return renderApp('/line/ad-connect', {
    session: makeSession({ isOwner }),
    api: {
      'GET /api/line/ad_connections': () => reply(200, [lineInError, none('meta'), none('google')]),
      ...api,
    },
  });
}

describe('広告連携一覧 (issue 30, ROUTE-24)', () => {
  it('ROUTE-24 lists the three platforms with their state; an エラー names the reason and a 拒否 send its answer', async () => {
    render(true);
    // The screen is its own lazily loaded chunk: the first render may wait for it.
    const line = await screen.findByRole('region', { name: 'LINE広告' }, { timeout: 15_000 });
    expect(within(line).getByText('エラー')).toBeVisible();
    expect(within(line).getByRole('alert')).toHaveTextContent('invalid access token');
    expect(within(line).getByText('event_name is invalid')).toBeVisible();
    const meta = screen.getByRole('region', { name: 'Meta（Facebook・Instagram）' });
    expect(within(meta).getByText('未接続')).toBeVisible();
  });

  it('the owner connects Meta with a mapping: the token is sent, the value in yen as a number', async () => {
    let sent: unknown;
    const app = render(true, {
      'PUT /api/line/ad_connections/meta': ({ body }) => {
        sent = body;
        return reply(200, { ...none('meta'), state: 'connected', has_token: true });
      },
    });
    const meta = await screen.findByRole('region', { name: 'Meta（Facebook・Instagram）' });
    await app.user.click(within(meta).getByRole('button', { name: '接続する' }));
    await app.user.type(within(meta).getByLabelText('データセットID（ピクセルID）'), '123456');
    await app.user.type(within(meta).getByLabelText('アクセストークン'), 'token-1');
    await app.user.click(within(meta).getByRole('button', { name: '出来事を追加' }));
    await app.user.type(within(meta).getByLabelText('Meta のイベント名'), 'Lead');
    await app.user.type(within(meta).getByLabelText('金額（円）'), '1,000');
    await app.user.click(within(meta).getByRole('button', { name: '保存' }));
    await screen.findByText('広告連携を保存しました');
    expect(sent).toEqual({
      dataset_id: '123456',
      access_token: 'token-1',
      test_event_code: '',
      mappings: [{ event: 'follow', name: 'Lead', value: 1000 }],
    });
  });

  it('staff read the cards without the owner’s buttons', async () => {
    render(false);
    const line = await screen.findByRole('region', { name: 'LINE広告' });
    expect(screen.getByRole('note')).toHaveTextContent('閲覧のみです');
    expect(within(line).queryByRole('button', { name: '再開' })).toBeNull();
    expect(within(line).getByRole('button', { name: '送信ログ' })).toBeVisible();
  });
});
