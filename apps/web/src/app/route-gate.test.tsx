import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSession } from '@test/fixtures';
import { reply } from '@test/fake-api';
import { renderApp } from '@test/render-app';

const NOTICE = 'このページを表示する権限がありません';

describe('route guard', () => {
  it('APP-02 a missing key redirects to /?forbidden=1 and the top page says why', async () => {
    const app = renderApp('/vue3-dev/line/tag', {
      session: makeSession({ permissions: ['template-write'] }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(NOTICE);
    expect(app.location()).toBe('/?forbidden=1');
    expect(screen.queryByRole('heading', { level: 1, name: 'タグ管理' })).not.toBeInTheDocument();
  });

  it('APP-03 every listed key must pass', async () => {
    // TemplateEditV3 needs flex-message; holding every other key is not enough.
    const app = renderApp('/line/template/edit_v3/5', {
      session: makeSession({ permissions: ['template-write', 'tag-write', 'site-write'] }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(NOTICE);
    expect(app.location()).toBe('/?forbidden=1');
  });

  it('APP-03 a route opens when all of its keys are held', async () => {
    const app = renderApp('/line/template/edit_v3/5', {
      session: makeSession({ permissions: ['flex-message'] }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'フレックスメッセージ編集' }),
    ).toBeVisible();
    expect(app.location()).toBe('/line/template/edit_v3/5');
  });

  it('APP-04 a route without keys opens for an operator holding none', async () => {
    const app = renderApp('/line/tel', { session: makeSession({ permissions: [] }) });
    expect(await screen.findByRole('heading', { level: 1, name: '通知メッセージ' })).toBeVisible();
    // DEC-09: the screen opens; its write controls need tel-write and are hidden.
    expect(screen.getByRole('link', { name: 'テンプレート設定' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'ファイルアップロード' })).toBeNull();
    expect(app.location()).toBe('/line/tel');
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });

  it('an owner screen (LINE連携) sends any other operator to /?forbidden=1, holding every key or not', async () => {
    const app = renderApp('/line/channel', { session: makeSession({ isOwner: false }) });
    expect(await screen.findByRole('alert')).toHaveTextContent(NOTICE);
    expect(app.location()).toBe('/?forbidden=1');
    expect(app.calls.some((call) => call.path.startsWith('/api/line/'))).toBe(false);
  });

  it('an owner screen (LINE連携) opens for the owner', async () => {
    const app = renderApp('/line/channel', {
      session: makeSession(),
      api: {
        'GET /api/line/channel': () =>
          reply(200, {
            connected: false,
            channel_id: null,
            bot: null,
            webhook_url: 'https://console.example.jp/api/line/webhook',
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
          }),
      },
    });
    // The screen is a lazily loaded chunk: on a loaded machine its first import takes a while.
    const slow = { timeout: 20_000 };
    expect(await screen.findByRole('heading', { level: 1, name: 'LINE連携' }, slow)).toBeVisible();
    expect(await screen.findByRole('button', { name: '連携する' }, slow)).toBeVisible();
    expect(app.location()).toBe('/line/channel');
  });

  it('the top page shows no notice without the forbidden flag', async () => {
    renderApp('/', { session: makeSession() });
    expect(await screen.findByText(/山田 花子 さん/)).toBeVisible();
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to the login page, remembering where they were going', async () => {
    const app = renderApp('/line/tel/upload?x=1', { session: null });
    expect(await screen.findByRole('button', { name: 'ログイン' })).toBeVisible();
    expect(app.location()).toBe(
      `/account/login?redirect=${encodeURIComponent('/line/tel/upload?x=1')}`,
    );
  });
});

describe('page title', () => {
  it('APP-06 DEC-03 is the route title, " | " and the brand label', async () => {
    renderApp('/line/ai-service-account', {
      session: makeSession({ brandLabel: 'サロンつなぐ', brandTheme: 'rose' }),
    });
    await screen.findByRole('heading', { level: 1, name: '生成AI設定' });
    expect(document.title).toBe('生成AI設定 | サロンつなぐ');
  });

  it('APP-06 APP-08 the login page uses the default brand before anyone signs in', async () => {
    renderApp('/account/login');
    await screen.findByRole('button', { name: 'ログイン' });
    expect(document.title).toBe('ログインページ | つなぐ');
  });
});
