import { screen } from '@testing-library/react';
import { MESSAGES, type LoginRequest } from '@tsunagu/contracts';
import { describe, expect, it } from 'vitest';
import { reply, type FakeHandler } from '@test/fake-api';
import { makeSession } from '@test/fixtures';
import { renderWithProviders } from '@test/render-with-providers';
import { LoginPage } from './login-page';

const session = makeSession();

function renderLogin(path: string, login: FakeHandler) {
  let signedIn = false;
  return renderWithProviders(
    [
      { path: '/account/login', element: <LoginPage /> },
      { path: '*', element: <p>移動先の画面</p> },
    ],
    path,
    {
      'POST /api/auth/login': async (request) => {
        const result = await login(request);
        signedIn = result.status === 200;
        return result;
      },
      'GET /api/auth/me': () => (signedIn ? reply(200, session) : reply(401, { message: '' })),
    },
  );
}

async function submit(app: ReturnType<typeof renderLogin>, loginId: string, password: string) {
  await app.user.type(screen.getByLabelText('ログインID'), loginId);
  await app.user.type(screen.getByLabelText('パスワード'), password);
  await app.user.click(screen.getByRole('button', { name: 'ログイン' }));
}

describe('login page', () => {
  it('shows the server message on 401 and stays on the page', async () => {
    const app = renderLogin('/account/login', () => reply(401, { message: MESSAGES.loginFailed }));
    await submit(app, 'owner', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.loginFailed);
    expect(app.router.state.location.pathname).toBe('/account/login');
  });

  it('shows the server message on 429 (too many attempts)', async () => {
    const app = renderLogin('/account/login', () =>
      reply(429, { message: MESSAGES.loginThrottled }),
    );
    await submit(app, 'owner', 'again');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.loginThrottled);
  });

  it('sends the login id and password, then returns to the remembered page', async () => {
    const app = renderLogin(
      `/account/login?redirect=${encodeURIComponent('/line/tel/upload?x=1')}`,
      () => reply(200, { operator: session.operator }),
    );
    await submit(app, 'owner', 'correct horse');
    expect(await screen.findByText('移動先の画面')).toBeVisible();
    expect(app.router.state.location.pathname).toBe('/line/tel/upload');
    expect(app.router.state.location.search).toBe('?x=1');
    const call = app.calls.find((entry) => entry.path === '/api/auth/login');
    expect(call?.body).toEqual({
      login_id: 'owner',
      password: 'correct horse',
    } satisfies LoginRequest);
  });

  it('goes to the top page when nothing was remembered, and ignores off-site targets', async () => {
    const app = renderLogin(`/account/login?redirect=${encodeURIComponent('//evil.example')}`, () =>
      reply(200, { operator: session.operator }),
    );
    await submit(app, 'owner', 'pw');
    expect(await screen.findByText('移動先の画面')).toBeVisible();
    expect(app.router.state.location.pathname).toBe('/');
  });
});
