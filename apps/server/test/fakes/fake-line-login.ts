import { createHmac } from 'node:crypto';
import type http from 'node:http';

/** Who signs in at the fake's next LINE Login authorize (issue 29, trackers). */
export interface FakeLoginUser {
  sub: string;
  name?: string;
  /** Whether `GET /friendship/v1/status` answers friendFlag true for this sign-in. */
  friend: boolean;
  /** 'deny': the person closes the consent screen (LINE answers `error=access_denied`). */
  consent?: 'allow' | 'deny';
}

/**
 * LINE Login v2.1 of the fake LINE (issue 29), kept apart from the rest: `GET
 * /oauth2/v2.1/authorize` signs in the user set with `setUser` and redirects to the
 * `redirect_uri` with a one-time `code` (or `error=access_denied`), `POST /oauth2/v2.1/token`
 * exchanges it (the channel's id and secret, the same redirect_uri) for an access token that
 * `GET /friendship/v1/status` knows and an ID token signed HS256 with the channel secret, which
 * `POST /oauth2/v2.1/verify` also accepts.
 */
export interface FakeLineLogin {
  /** A LINE Login channel the fake knows (its id and secret). */
  addChannel(channelId: string, secret: string): void;
  setUser(user: FakeLoginUser): void;
  /** Authorize requests received (their query), in order. */
  authorizeCalls: URLSearchParams[];
  /** Token exchanges received (the code of each) and their status. */
  tokenCalls: { code: string; status: number }[];
}

type Hooks = {
  registerIdToken: (
    token: string,
    claims: { aud: string; sub: string; name?: string; iat: number; exp: number },
  ) => void;
  issueAccessToken: (user: { sub: string; friend: boolean }) => string;
};

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export function createFakeLineLogin(hooks: Hooks) {
  const channels = new Map<string, string>();
  const codes = new Map<string, { clientId: string; redirectUri: string; user: FakeLoginUser }>();
  let user: FakeLoginUser = { sub: `U${'0'.repeat(31)}1`, friend: false };
  let issued = 0;
  const authorizeCalls: URLSearchParams[] = [];
  const tokenCalls: FakeLineLogin['tokenCalls'] = [];
  const json = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  function authorize(res: http.ServerResponse, query: URLSearchParams) {
    authorizeCalls.push(query);
    const clientId = query.get('client_id') ?? '';
    const redirectUri = query.get('redirect_uri') ?? '';
    const scopes = (query.get('scope') ?? '').split(' ');
    if (
      query.get('response_type') !== 'code' ||
      !channels.has(clientId) ||
      !/^https?:\/\//.test(redirectUri) ||
      !scopes.includes('openid') ||
      !query.get('state')
    ) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('invalid_request');
      return;
    }
    const back = new URL(redirectUri);
    if (user.consent === 'deny') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The resource owner denied the request.');
    } else {
      issued += 1;
      const code = `login-code-${issued}`;
      codes.set(code, { clientId, redirectUri, user: { ...user } });
      back.searchParams.set('code', code);
    }
    back.searchParams.set('state', query.get('state')!);
    res.writeHead(302, { location: back.toString() }).end();
  }

  function token(res: http.ServerResponse, raw: Buffer) {
    const form = new URLSearchParams(raw.toString('utf8'));
    const code = form.get('code') ?? '';
    const grant = codes.get(code);
    const secret = channels.get(form.get('client_id') ?? '');
    const refuse = (status: number, error: string) => {
      tokenCalls.push({ code, status });
      json(res, status, { error, error_description: error });
    };
    if (form.get('grant_type') !== 'authorization_code')
      return refuse(400, 'unsupported_grant_type');
    if (!secret || secret !== form.get('client_secret')) return refuse(401, 'invalid_client');
    if (!grant || grant.clientId !== form.get('client_id')) return refuse(400, 'invalid_grant');
    if (grant.redirectUri !== form.get('redirect_uri')) return refuse(400, 'invalid_grant');
    codes.delete(code);
    const iat = Math.floor(Date.now() / 1000);
    const claims = {
      iss: 'https://access.line.me',
      sub: grant.user.sub,
      aud: grant.clientId,
      exp: iat + 3600,
      iat,
      amr: ['linesso'],
      ...(grant.user.name ? { name: grant.user.name } : {}),
    };
    const unsigned = `${base64url(JSON.stringify({ typ: 'JWT', alg: 'HS256' }))}.${base64url(JSON.stringify(claims))}`;
    const idToken = `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
    hooks.registerIdToken(idToken, claims);
    tokenCalls.push({ code, status: 200 });
    json(res, 200, {
      access_token: hooks.issueAccessToken({ sub: grant.user.sub, friend: grant.user.friend }),
      token_type: 'Bearer',
      expires_in: 2592000,
      refresh_token: `refresh-${issued}`,
      scope: 'profile openid',
      id_token: idToken,
    });
  }

  const login: FakeLineLogin = {
    addChannel(channelId, secret) {
      channels.set(channelId, secret);
    },
    setUser(next) {
      user = { ...next };
    },
    authorizeCalls,
    tokenCalls,
  };

  return {
    login,
    /** Handles LINE Login's calls; false for any other request. */
    handle(req: http.IncomingMessage, res: http.ServerResponse, raw: Buffer): boolean {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method === 'GET' && url.pathname === '/oauth2/v2.1/authorize') {
        authorize(res, url.searchParams);
        return true;
      }
      if (req.method === 'POST' && url.pathname === '/oauth2/v2.1/token') {
        token(res, raw);
        return true;
      }
      return false;
    },
  };
}
