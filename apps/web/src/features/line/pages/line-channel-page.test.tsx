import { act, screen, waitFor, within } from '@testing-library/react';
import { LINE_CHANNEL_MESSAGES, type LineChannel } from '@tsunagu/contracts';
import { describe, expect, it } from 'vitest';
import { reply, type FakeHandler } from '@test/fake-api';
import { renderWithProviders } from '@test/render-with-providers';
import { LEAVE_TEXT } from '@/ui/leave-guard';
import { LINE_TEXT } from '../components/line-text';
import { LineChannelPage } from './line-channel-page';

const WEBHOOK_URL = 'https://console.example.jp/api/line/webhook';
const SECRET = '0123456789abcdef0123456789abcdef';

const notConnected: LineChannel = {
  connected: false,
  channel_id: null,
  bot: null,
  webhook_url: WEBHOOK_URL,
  state: null,
  state_reason: '',
  token_kind: null,
  pnp_enabled: false,
  login_channel_id: '',
  has_login_channel_secret: false,
  liff_id: '',
  tracker_liff_id: '',
  login_attention: '',
  quota_pause: null,
  updated_at: null,
};

const connected: LineChannel = {
  connected: true,
  channel_id: '1234567890',
  bot: {
    user_id: 'U0123',
    basic_id: '@salon-aoyama',
    display_name: 'サロン青山',
    picture_url: 'https://profile.line-scdn.net/salon',
  },
  webhook_url: WEBHOOK_URL,
  state: 'ok',
  state_reason: '',
  token_kind: 'long-lived',
  pnp_enabled: true,
  login_channel_id: '2000000001',
  has_login_channel_secret: false,
  liff_id: '',
  tracker_liff_id: '',
  login_attention: '',
  quota_pause: null,
  updated_at: '2026-11-01T00:00:00.000Z',
};

function renderLine(channel: LineChannel, api: Record<string, FakeHandler> = {}) {
  return renderWithProviders(
    [
      { path: '/line/channel', element: <LineChannelPage title="LINE連携" /> },
      { path: '/', element: <h1>トップ</h1> },
    ],
    '/line/channel',
    {
      'GET /api/line/channel': () => reply(200, channel),
      'GET /api/line/channel/quota': () => reply(200, { limit: 5000, used: 1234 }),
      ...api,
    },
  );
}

const field = (label: string) => screen.getByLabelText(label);

describe('LINE連携: not connected', () => {
  it('offers the connect form; secret and token are password inputs that start empty', async () => {
    renderLine(notConnected);
    expect(await screen.findByRole('heading', { name: LINE_TEXT.connectHeading })).toBeVisible();
    expect(screen.getByText(LINE_TEXT.notConnected)).toBeVisible();
    for (const label of [LINE_TEXT.channelSecret, LINE_TEXT.channelAccessToken]) {
      expect(field(label)).toHaveAttribute('type', 'password');
      expect(field(label)).toHaveValue('');
    }
    expect(screen.getByRole('button', { name: LINE_TEXT.connect })).toBeEnabled();
  });

  it('checks the formats of the contract before sending, naming the field', async () => {
    const app = renderLine(notConnected);
    await app.user.type(await screen.findByLabelText(LINE_TEXT.channelId), '12345');
    await app.user.type(field(LINE_TEXT.liffId), 'liff-app');
    await app.user.click(screen.getByRole('button', { name: LINE_TEXT.connect }));
    expect(field(LINE_TEXT.channelId)).toHaveAccessibleDescription(
      expect.stringContaining('チャネルIDは10桁の数字です'),
    );
    expect(field(LINE_TEXT.liffId)).toHaveAttribute('aria-invalid', 'true');
    expect(field(LINE_TEXT.liffId)).toHaveAccessibleDescription(
      expect.stringContaining('LIFF ID は「1234567890-AbCdEfGh」の形式です'),
    );
    expect(app.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('connects: sends the values with PUT and shows the bot LINE named', async () => {
    let sent: unknown;
    const app = renderLine(notConnected, {
      'PUT /api/line/channel': (request) => {
        sent = request.body;
        return reply(200, connected);
      },
    });
    await app.user.type(await screen.findByLabelText(LINE_TEXT.channelId), '1234567890');
    await app.user.type(field(LINE_TEXT.channelSecret), SECRET);
    await app.user.type(field(LINE_TEXT.channelAccessToken), 'long-lived-token');
    await app.user.click(screen.getByRole('checkbox', { name: LINE_TEXT.pnp }));
    await app.user.type(field(LINE_TEXT.loginChannelId), '2000000001');
    await app.user.click(screen.getByRole('button', { name: LINE_TEXT.connect }));

    expect(await screen.findByText(LINE_CHANNEL_MESSAGES.connected)).toBeVisible();
    expect(sent).toEqual({
      channel_id: '1234567890',
      channel_secret: SECRET,
      channel_access_token: 'long-lived-token',
      pnp_enabled: true,
      login_channel_id: '2000000001',
      login_channel_secret: '',
      liff_id: '',
      tracker_liff_id: '',
    });
    expect(screen.getByText('サロン青山', { selector: '.line-bot__name' })).toBeVisible();
    expect(screen.queryByRole('button', { name: LINE_TEXT.connect })).not.toBeInTheDocument();
  });

  it('a token LINE refused: the 422 is shown on the token field, in Japanese', async () => {
    const app = renderLine(notConnected, {
      'PUT /api/line/channel': () =>
        reply(422, {
          message: '入力内容に誤りがあります',
          errors: { channel_access_token: [LINE_CHANNEL_MESSAGES.tokenRefused] },
        }),
    });
    await app.user.type(await screen.findByLabelText(LINE_TEXT.channelId), '1234567890');
    await app.user.type(field(LINE_TEXT.channelSecret), SECRET);
    await app.user.type(field(LINE_TEXT.channelAccessToken), 'revoked-token');
    await app.user.click(screen.getByRole('button', { name: LINE_TEXT.connect }));

    await waitFor(() =>
      expect(field(LINE_TEXT.channelAccessToken)).toHaveAccessibleDescription(
        expect.stringContaining(LINE_CHANNEL_MESSAGES.tokenRefused),
      ),
    );
    expect(field(LINE_TEXT.channelAccessToken)).toHaveAttribute('aria-invalid', 'true');
    expect(field(LINE_TEXT.channelSecret)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).toHaveTextContent('入力内容に誤りがあります');
  });

  it('REF-17 a half-filled connect form asks before leaving', async () => {
    const app = renderLine(notConnected);
    await app.user.type(await screen.findByLabelText(LINE_TEXT.channelId), '12');
    await act(() => app.router.navigate('/'));
    const ask = await screen.findByRole('alertdialog', { name: LEAVE_TEXT.title });
    await app.user.click(within(ask).getByRole('button', { name: LEAVE_TEXT.stay }));
    expect(app.router.state.location.pathname).toBe('/line/channel');
  });
});

describe('LINE連携: connected', () => {
  it('shows the bot, its state, PNP, the webhook URL and this month’s quota', async () => {
    renderLine(connected);
    expect(await screen.findByText('サロン青山', { selector: '.line-bot__name' })).toBeVisible();
    expect(screen.getByText(/@salon-aoyama/)).toBeVisible();
    expect(document.querySelector('img.line-bot__icon')).toHaveAttribute(
      'src',
      'https://profile.line-scdn.net/salon',
    );
    const facts = screen.getByRole('region', { name: LINE_TEXT.accountHeading });
    expect(within(facts).getByText(LINE_TEXT.stateOk)).toBeVisible();
    expect(within(facts).getByText(LINE_TEXT.on)).toBeVisible();
    expect(within(facts).getByText('2000000001')).toBeVisible();
    expect(screen.queryByText(LINE_TEXT.pausedTitle)).not.toBeInTheDocument();
    expect(field(LINE_TEXT.webhookUrl)).toHaveValue(WEBHOOK_URL);
    const quota = screen.getByRole('region', { name: LINE_TEXT.quotaHeading });
    expect(await within(quota).findByText('1,234通')).toBeVisible();
    expect(within(quota).getByText('5,000通')).toBeVisible();
    // The settings never show a secret.
    expect(field(LINE_TEXT.channelSecret)).toHaveValue('');
    expect(field(LINE_TEXT.channelAccessToken)).toHaveValue('');
  });

  it('copies the webhook URL', async () => {
    const app = renderLine(connected);
    await app.user.click(await screen.findByRole('button', { name: LINE_TEXT.copy }));
    expect(await screen.findByText(LINE_TEXT.copied)).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe(WEBHOOK_URL);
  });

  it('sets the webhook at LINE and shows LINE’s answer', async () => {
    const app = renderLine(connected, {
      'POST /api/line/channel/webhook': () =>
        reply(200, {
          endpoint: WEBHOOK_URL,
          success: false,
          status_code: 404,
          reason: 'NOT_FOUND',
          detail: 'webhook endpoint not set',
        }),
    });
    await app.user.click(await screen.findByRole('button', { name: LINE_TEXT.setWebhook }));
    const answer = await screen.findByText(
      `${LINE_TEXT.webhookAnswer}: ${LINE_TEXT.webhookFailed}`,
    );
    expect(answer).toBeVisible();
    expect(screen.getByText('404 / NOT_FOUND / webhook endpoint not set')).toBeVisible();
    expect(app.calls.filter((call) => call.path === '/api/line/channel/webhook')).toHaveLength(1);
  });

  it('a webhook URL LINE will not take: LINE’s refusal is shown', async () => {
    const refusal = 'LINE がリクエストを受け付けませんでした（400: Invalid webhook endpoint URL）';
    const app = renderLine(connected, {
      'POST /api/line/channel/webhook': () =>
        reply(422, { message: '入力内容に誤りがあります', errors: { line: [refusal] } }),
    });
    await app.user.click(await screen.findByRole('button', { name: LINE_TEXT.setWebhook }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
  });

  it('a token LINE refused: sending is paused, the page says why and what to do; 再確認 resumes', async () => {
    let current: LineChannel = {
      ...connected,
      state: 'attention',
      state_reason: LINE_CHANNEL_MESSAGES.tokenRefused,
    };
    const app = renderLine(current, {
      'GET /api/line/channel': () => reply(200, current),
      'POST /api/line/channel/check': () => {
        current = { ...connected };
        return reply(200, current);
      },
    });
    const paused = await screen.findByRole('alert');
    expect(paused).toHaveTextContent(LINE_TEXT.pausedTitle);
    expect(paused).toHaveTextContent(LINE_CHANNEL_MESSAGES.tokenRefused);
    expect(paused).toHaveTextContent('発行し直して');
    expect(screen.getByText(LINE_TEXT.stateAttention)).toBeVisible();
    expect(screen.getByText(LINE_TEXT.quotaPaused)).toBeVisible();
    expect(app.calls.some((call) => call.path === '/api/line/channel/quota')).toBe(false);

    await app.user.click(screen.getByRole('button', { name: LINE_TEXT.check }));
    expect(await screen.findByText(LINE_TEXT.checked)).toBeVisible();
    expect(screen.queryByText(LINE_TEXT.pausedTitle)).not.toBeInTheDocument();
    expect(screen.getByText(LINE_TEXT.stateOk)).toBeVisible();
    expect(await screen.findByText('1,234通')).toBeVisible();
  });

  it('a LINE Login channel in another provider: the page says what to fix; sending is not paused', async () => {
    renderLine({ ...connected, login_attention: LINE_CHANNEL_MESSAGES.loginOtherProvider });
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(LINE_TEXT.loginAttentionTitle);
    expect(notice).toHaveTextContent('同じプロバイダー');
    expect(notice).toHaveTextContent('LIFF ID をここに保存し直してください');
    expect(screen.queryByText(LINE_TEXT.pausedTitle)).not.toBeInTheDocument();
    expect(screen.getByText(LINE_TEXT.stateOk)).toBeVisible();
    expect(await screen.findByText('1,234通')).toBeVisible();
  });

  it('a used-up month: 今月の送信上限に達しました with the counts, when it resumes; 再確認 after a plan change ends it', async () => {
    let current: LineChannel = {
      ...connected,
      quota_pause: {
        reason: '今月の送信上限に達しました（5,000通 / 上限5,000通）',
        limit: 5000,
        used: 5000,
        until: '2026-12-01T00:00:00+09:00',
      },
    };
    const app = renderLine(current, {
      'GET /api/line/channel': () => reply(200, current),
      'POST /api/line/channel/check': () => {
        current = { ...connected };
        return reply(200, current);
      },
    });
    const paused = await screen.findByRole('alert');
    expect(paused).toHaveTextContent('今月の送信上限に達しました');
    expect(paused).toHaveTextContent('今月の送信数 5,000通 / 上限 5,000通');
    expect(paused).toHaveTextContent('2026/12/01 00:00（日本時間）に自動で再開します');
    expect(paused).toHaveTextContent('「再確認」を押すと、すぐに再開します');

    await app.user.click(screen.getByRole('button', { name: LINE_TEXT.check }));
    expect(await screen.findByText(LINE_TEXT.checked)).toBeVisible();
    expect(screen.queryByText('今月の送信上限に達しました')).not.toBeInTheDocument();
  });

  it('edits the LIFF id: checked first, then saved with the channel id and no secret', async () => {
    let sent: Record<string, unknown> | undefined;
    const app = renderLine(connected, {
      'PUT /api/line/channel': (request) => {
        sent = request.body as Record<string, unknown>;
        return reply(200, { ...connected, liff_id: sent.liff_id, updated_at: 'later' });
      },
    });
    const liff = await screen.findByLabelText(LINE_TEXT.liffId);
    await app.user.type(liff, 'bad');
    await app.user.click(screen.getByRole('button', { name: LINE_TEXT.save }));
    expect(liff).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toBeUndefined();

    await app.user.clear(liff);
    await app.user.type(liff, '2000000001-AbCdEfGh');
    await app.user.click(screen.getByRole('button', { name: LINE_TEXT.save }));
    expect(await screen.findByText(LINE_TEXT.saved)).toBeVisible();
    expect(sent).toEqual({
      channel_id: '1234567890',
      channel_secret: '',
      channel_access_token: '',
      pnp_enabled: true,
      login_channel_id: '2000000001',
      login_channel_secret: '',
      liff_id: '2000000001-AbCdEfGh',
      tracker_liff_id: '',
    });
    const facts = screen.getByRole('region', { name: LINE_TEXT.accountHeading });
    expect(within(facts).getByText('2000000001-AbCdEfGh')).toBeVisible();
  });

  it("the trackers' own LIFF id (decision 0476): each LIFF field names the endpoint URL to register; a bad one is named as the trackers' and not sent; a good one is saved beside the booking page's", async () => {
    let sent: Record<string, unknown> | undefined;
    const app = renderLine(
      { ...connected, liff_id: '2000000001-AbCdEfGh' },
      {
        'PUT /api/line/channel': (request) => {
          sent = request.body as Record<string, unknown>;
          return reply(200, {
            ...connected,
            liff_id: sent.liff_id,
            tracker_liff_id: sent.tracker_liff_id,
            updated_at: 'later',
          });
        },
      },
    );
    const tracker = await screen.findByLabelText(LINE_TEXT.trackerLiffId);
    const origin = window.location.origin;
    expect(tracker).toHaveAccessibleDescription(expect.stringContaining(`${origin}/t/liff`));
    expect(field(LINE_TEXT.liffId)).toHaveAccessibleDescription(
      expect.stringContaining(`${origin}/r/`),
    );
    await app.user.type(tracker, '2000000002_TrAcKeR1');
    await app.user.click(screen.getByRole('button', { name: LINE_TEXT.save }));
    expect(tracker).toHaveAccessibleDescription(expect.stringContaining('流入経路用のLIFF ID は'));
    expect(field(LINE_TEXT.liffId)).not.toHaveAttribute('aria-invalid', 'true');
    expect(sent).toBeUndefined();

    await app.user.clear(tracker);
    await app.user.type(tracker, '2000000002-TrAcKeR1');
    await app.user.click(screen.getByRole('button', { name: LINE_TEXT.save }));
    expect(await screen.findByText(LINE_TEXT.saved)).toBeVisible();
    expect(sent).toMatchObject({
      liff_id: '2000000001-AbCdEfGh',
      tracker_liff_id: '2000000002-TrAcKeR1',
    });
    const facts = screen.getByRole('region', { name: LINE_TEXT.accountHeading });
    expect(within(facts).getByText('2000000002-TrAcKeR1')).toBeVisible();
  });

  it('disconnects only after a confirmation that says sending stops and nothing else is deleted', async () => {
    let current = connected;
    const app = renderLine(connected, {
      'GET /api/line/channel': () => reply(200, current),
      'DELETE /api/line/channel': () => {
        current = notConnected;
        return reply(200, { status: true });
      },
    });
    const zone = await screen.findByRole('region', { name: LINE_TEXT.disconnectHeading });
    const form = screen.getByRole('button', { name: LINE_TEXT.save }).closest('form')!;
    const button = within(zone).getByRole('button', { name: LINE_TEXT.disconnect });
    expect(form).not.toContainElement(button);
    await app.user.click(button);
    const confirm = screen.getByRole('alertdialog', { name: '「サロン青山」の連携の解除' });
    expect(confirm).toHaveTextContent('送信が止まり');
    expect(confirm).toHaveTextContent('ほかのデータは削除しません');
    expect(app.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await app.user.click(within(confirm).getByRole('button', { name: 'キャンセル' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(app.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await app.user.click(button);
    await app.user.click(screen.getByRole('button', { name: LINE_TEXT.disconnectConfirm }));
    expect(await screen.findByText(LINE_CHANNEL_MESSAGES.disconnected)).toBeVisible();
    expect(await screen.findByRole('heading', { name: LINE_TEXT.connectHeading })).toBeVisible();
    expect(app.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});
