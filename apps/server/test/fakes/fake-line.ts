import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFakeLineChat, type FakeLineChat } from './fake-line-chat.js';
import { createFakeLineNarrowcast, type FakeLineNarrowcast } from './fake-line-narrowcast.js';
import { createFakeLineRichMenu, type FakeLineRichMenu } from './fake-line-richmenu.js';
import { fakeValidationDetails } from './fake-line-validate.js';
import { createFakeLineLogin, type FakeLineLogin } from './fake-line-login.js';

/** One channel the fake serves: its credentials and its bot. */
export interface FakeLineChannel {
  channelId: string;
  /** 32 hex characters, as LINE issues them. */
  secret: string;
  /** A long-lived channel access token of this channel. */
  token: string;
  botUserId: string;
  basicId?: string;
  displayName?: string;
  pictureUrl?: string;
}

/** One notification message request the fake received, as LINE would see it. */
export interface FakeLineRequest {
  at: number;
  /** The channel whose token the request carried; null when the token was unknown. */
  channelId: string | null;
  authorization: string | undefined;
  deliveryTag: string | undefined;
  /**
   * `/bot/pnp/push` (notification messages), `/v2/bot/message/push` (push messages) or
   * `/v2/bot/message/multicast` (`to` then holds up to 500 user ids).
   */
  path: string;
  /** `X-Line-Retry-Key` of a push message. */
  retryKey: string | undefined;
  body: { to: string | string[]; messages: unknown[] };
  status: number;
}

/** How the fake answers the nth push (0-based, counted from the last setBehaviour); default 200. */
export type FakeLineBehaviour = (
  call: number,
  request: FakeLineRequest,
) => {
  status: number;
  /** Milliseconds before answering. */
  delayMs?: number;
  /** Never answer (the client times out). */
  hang?: boolean;
  /** Close the connection without an answer, after the request arrived. */
  drop?: boolean;
  headers?: Record<string, string>;
  /** The error answer's body (LINE's `message` and `details[]`); a stock message otherwise. */
  body?: unknown;
};

export interface FakeLine {
  url: string;
  channels: FakeLineChannel[];
  /** Pushes (`POST /bot/pnp/push` and `POST /v2/bot/message/push`), in arrival order. */
  requests: FakeLineRequest[];
  /** Retry keys of push messages LINE took (delivered once; a later request with one is 409). */
  acceptedRetryKeys: Set<string>;
  /** Webhook URLs set per channel id (`PUT /v2/bot/channel/webhook/endpoint`). */
  webhookEndpoints: Map<string, string>;
  /** This month's messages of the channel as `GET /v2/bot/message/quota/consumption` counts them. */
  usage(channelId: string): number;
  /**
   * The channel's monthly quota (`GET /v2/bot/message/quota`; default 5,000) and this month's
   * messages so far (`used`; default what the fake counted), counted on from there. A push or multicast the
   * month cannot take any more is 429 「You have reached your monthly limit.」, as LINE does.
   * `limit: null` is a plan without a limit.
   */
  setQuota(channelId: string, quota: { limit: number | null; used?: number }): void;
  /** How `POST /oauth2/v3/token` answers the nth call (0-based, from the last set); default 200. */
  setTokenBehaviour(
    behaviour: (call: number) => { status: number; headers?: Record<string, string> },
  ): void;
  /** `POST /oauth2/v3/token` calls received (`client_id` of each), in order. */
  tokenCalls: string[];
  setBehaviour(behaviour: FakeLineBehaviour): void;
  setLatency(ms: number): void;
  /**
   * What `GET /v2/bot/profile/{userId}` answers for a user: a name and icon, or null for 404
   * (not a friend). Users not set get 'LINEユーザー' and the id's last 4 characters.
   */
  setProfile(userId: string, profile: { displayName: string; pictureUrl?: string } | null): void;
  /** Profile calls received, in order (user ids). */
  profileCalls: string[];
  /** LINE stops accepting this token (revoked in LINE Developers): 401 from then on. */
  revoke(token: string): void;
  /** A new long-lived token of the channel, as LINE Developers issues one. */
  issueToken(channelId: string): string;
  /**
   * A LIFF ID token of a LINE Login channel for a user, as LIFF's `getIDToken()` gives one;
   * `POST /oauth2/v2.1/verify` accepts it for that channel id only, until it expires.
   */
  issueIdToken(
    loginChannelId: string,
    user: { sub: string; name?: string; picture?: string; expiresInSeconds?: number },
  ): string;
  /** Verify calls received (`client_id` of each), in order. */
  verifyCalls: string[];
  /**
   * A LIFF access token of a user, as `liff.getAccessToken()` gives one: `GET /friendship/v1/status`
   * with it answers `friendFlag` (whether the user is a friend of the Login channel's linked
   * official account).
   */
  issueLiffAccessToken(user: { sub: string; friend: boolean }): string;
  /**
   * LINE unreachable (true): every connection is closed without an answer, until set false.
   */
  setDown(down: boolean): void;
  /** `POST /v2/bot/message/validate/push` calls: the channel and the messages it was asked about. */
  validateCalls: { channelId: string; messages: unknown[] }[];
  /** The validate call answers this status (500: LINE is down) instead of checking; null: checks. */
  failValidation(status: number | null): void;
  /** The chat's calls: reply tokens, replies, markAsRead, message content (fake-line-chat.ts). */
  chat: FakeLineChat;
  /** Narrowcasts and their progress (fake-line-narrowcast.ts, decision 0227). */
  narrowcast: FakeLineNarrowcast;
  /** Rich menus, their images, aliases, links, bulk link, batch and budgets (fake-line-richmenu.ts). */
  richMenu: FakeLineRichMenu;
  /** LINE Login's authorize and token exchange (fake-line-login.ts, issue 29). */
  login: FakeLineLogin;
  /**
   * お知らせ statistics (issue 24): each accepted push or multicast's `x-line-request-id` and
   * its recipients; `GET /v2/bot/insight/message/event?requestId=…` answers from these.
   */
  sentRequestIds: Map<string, number>;
  close(): Promise<void>;
}

const MESSAGES: Record<number, string> = {
  400: 'The request body has 1 error(s)',
  401: 'Authentication failed. Confirm that the access token in the authorization header is valid.',
  403: 'Not authorized to use this API',
  409: 'The retry key is already accepted',
  422: 'Failed to send messages',
  429: 'The API rate limit has been exceeded. Try again later.',
  500: 'Internal server error',
};

/** A channel for tests: numbered, with 32-hex secret and a token naming it. */
export function fakeChannel(n: number): FakeLineChannel {
  return {
    channelId: String(1_000_000_000 + n),
    secret: n.toString(16).padStart(32, 'a'),
    token: `long-lived-token-of-channel-${n}`,
    botUserId: `U${n.toString(16).padStart(32, '0')}`,
    basicId: `@fake${n}`,
    displayName: `テストサロン${n}`,
    pictureUrl: `https://profile.line-scdn.net/fake-${n}`,
  };
}

/**
 * A LINE Platform stand-in for tests and benchmarks: a real HTTP server on 127.0.0.1:0 serving
 * the calls we make, shaped as LINE's OpenAPI documents (line/line-openapi) say, for any number
 * of channels: stateless tokens from id and secret (`POST /oauth2/v3/token`), `GET /v2/bot/info`,
 * the webhook endpoint (set and test), friends' profiles, the messages' check (`validate/push`), LIFF ID tokens (`POST /oauth2/v2.1/verify`) and
 * access tokens (`GET /friendship/v1/status`), the message quota, and `POST /bot/pnp/push` and `POST /v2/bot/message/push` (retry keys: 409 once accepted) with
 * configurable status codes, latency and hangs. A token it does not know is 401, like LINE.
 */
export async function startFakeLine(
  options: { token?: string; channels?: FakeLineChannel[] } = {},
): Promise<FakeLine> {
  const channels = [...(options.channels ?? [])];
  if (options.token) channels.push({ ...fakeChannel(channels.length + 1), token: options.token });
  const tokens = new Map<string, FakeLineChannel>(channels.map((c) => [c.token, c]));
  const revoked = new Set<string>();
  const requests: FakeLineRequest[] = [];
  const webhookEndpoints = new Map<string, string>();
  const profiles = new Map<string, { displayName: string; pictureUrl?: string } | null>();
  const profileCalls: string[] = [];
  let behaviour: FakeLineBehaviour = () => ({ status: 200 });
  let latency = 0;
  let calls = 0;
  let issued = 0;
  const hanging = new Set<http.ServerResponse>();
  const idTokens = new Map<
    string,
    { aud: string; sub: string; name?: string; picture?: string; exp: number; iat: number }
  >();
  const verifyCalls: string[] = [];
  const liffAccessTokens = new Map<string, { sub: string; friend: boolean }>();
  let down = false;
  const acceptedRetryKeys = new Set<string>();
  const validateCalls: FakeLine['validateCalls'] = [];
  let validateStatus: number | null = null;
  const chat = createFakeLineChat();
  const narrowcast = createFakeLineNarrowcast();
  const richMenu = createFakeLineRichMenu();
  const login = createFakeLineLogin({
    registerIdToken: (token, claims) => idTokens.set(token, claims),
    issueAccessToken: (user) => {
      issued += 1;
      const token = `login-access-${issued}`;
      liffAccessTokens.set(token, user);
      return token;
    },
  });
  /** Per channel: the limit, and `used` as of when it was set (`counted` of usage() then). */
  const quotas = new Map<string, { limit: number | null; used: number; counted: number }>();
  let tokenBehaviour: (call: number) => {
    status: number;
    headers?: Record<string, string>;
  } = () => ({ status: 200 });
  const tokenCalls: string[] = [];
  const quotaOf = (channelId: string) =>
    quotas.get(channelId) ?? { limit: 5000, used: 0, counted: 0 };
  const consumption = (channelId: string) => {
    const quota = quotaOf(channelId);
    return quota.used + usage(channelId) - quota.counted;
  };

  /** `POST /oauth2/v2.1/verify` (LINE Login v2.1): 400 `invalid_request` for any bad token. */
  function verifyIdToken(res: http.ServerResponse, raw: Buffer) {
    const form = new URLSearchParams(raw.toString('utf8'));
    const clientId = form.get('client_id') ?? '';
    verifyCalls.push(clientId);
    const claims = idTokens.get(form.get('id_token') ?? '');
    const refuse = (description: string) =>
      json(res, 400, { error: 'invalid_request', error_description: description });
    if (!claims) return refuse('Invalid IdToken.');
    if (claims.aud !== clientId) return refuse('Invalid IdToken Audience.');
    if (claims.exp * 1000 <= Date.now()) return refuse('IdToken expired.');
    json(res, 200, { iss: 'https://access.line.me', amr: ['linesso'], ...claims });
  }

  const json = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const channelOf = (req: http.IncomingMessage) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    return revoked.has(token) ? undefined : tokens.get(token);
  };

  function push(req: http.IncomingMessage, res: http.ServerResponse, raw: Buffer) {
    const at = performance.now();
    let body: FakeLineRequest['body'];
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      json(res, 400, { message: 'bad json' });
      return;
    }
    const channel = channelOf(req);
    const request: FakeLineRequest = {
      at,
      channelId: channel?.channelId ?? null,
      authorization: req.headers.authorization,
      deliveryTag: req.headers['x-line-delivery-tag'] as string | undefined,
      path: req.url ?? '',
      retryKey: req.headers['x-line-retry-key'] as string | undefined,
      body,
      status: 0,
    };
    // LINE refuses a multicast to more than 500 users, or to none.
    const tooMany = Array.isArray(body.to) && (body.to.length === 0 || body.to.length > 500);
    const recipients = Array.isArray(body.to) ? body.to.length : 1;
    const { limit } = channel ? quotaOf(channel.channelId) : { limit: null };
    const monthFull =
      channel !== undefined &&
      request.path !== '/bot/pnp/push' &&
      limit !== null &&
      consumption(channel.channelId) + recipients > limit;
    let planned: ReturnType<FakeLineBehaviour> = !channel
      ? { status: 401 }
      : tooMany
        ? { status: 400 }
        : monthFull
          ? { status: 429, body: { message: 'You have reached your monthly limit.' } }
          : behaviour(calls, request);
    // LINE delivers a retry key once: a request with an accepted key is 409, delivered nothing.
    const retryKey = request.retryKey;
    if (retryKey && planned.status === 200 && acceptedRetryKeys.has(retryKey))
      planned = { ...planned, status: 409 };
    // Taken (or, hanging or dropped, taken with the answer lost).
    else if (retryKey && (planned.status === 200 || planned.hang || planned.drop))
      acceptedRetryKeys.add(retryKey);
    calls += 1;
    request.status = planned.hang || planned.drop ? 0 : planned.status;
    requests.push(request);
    const requestId = `req-${requests.length}`;
    if (request.status === 200) sentRequestIds.set(requestId, recipients);
    if (planned.hang) {
      hanging.add(res);
      return;
    }
    if (planned.drop) {
      req.socket.destroy();
      return;
    }
    const answer = () => {
      const ok = planned.status === 200;
      res.writeHead(planned.status, {
        'content-type': 'application/json',
        'x-line-request-id': requestId,
        ...planned.headers,
      });
      res.end(
        ok
          ? '{}'
          : JSON.stringify(planned.body ?? { message: MESSAGES[planned.status] ?? 'error' }),
      );
    };
    const delay = (planned.delayMs ?? 0) + latency;
    if (delay > 0) setTimeout(answer, delay);
    else answer();
  }

  // --- お知らせ statistics (issue 24) ---------------------------------------------------------
  const sentRequestIds = new Map<string, number>();
  /**
   * `GET /v2/bot/insight/message/event`: LINE's overview of one request. Like LINE, the counts
   * are null under 20 recipients; a request id LINE never issued is 400.
   */
  function insightMessageEvent(res: http.ServerResponse, path: string) {
    const requestId = new URL(path, 'http://fake').searchParams.get('requestId') ?? '';
    const recipients = sentRequestIds.get(requestId);
    if (recipients === undefined) {
      json(res, 400, { message: 'Invalid requestId' });
      return;
    }
    const counted = recipients >= 20;
    json(res, 200, {
      overview: {
        requestId,
        timestamp: Math.floor(Date.now() / 1000),
        delivered: counted ? recipients : null,
        uniqueImpression: counted ? Math.floor(recipients / 2) : null,
        uniqueClick: null,
        uniqueMediaPlayed: null,
        uniqueMediaPlayed100Percent: null,
      },
      messages: [],
      clicks: [],
    });
  }
  // ---------------------------------------------------------------------------------------------

  const usage = (channelId: string) =>
    requests.filter((r) => r.channelId === channelId && r.status === 200).length;

  function management(req: http.IncomingMessage, res: http.ServerResponse, raw: Buffer) {
    const path = req.url ?? '';
    if (login.handle(req, res, raw)) return;
    if (req.method === 'POST' && path === '/oauth2/v2.1/verify') {
      verifyIdToken(res, raw);
      return;
    }
    if (req.method === 'POST' && path === '/oauth2/v3/token') {
      const form = new URLSearchParams(raw.toString('utf8'));
      const planned = tokenBehaviour(tokenCalls.length);
      tokenCalls.push(form.get('client_id') ?? '');
      if (planned.status !== 200) {
        res.writeHead(planned.status, { 'content-type': 'application/json', ...planned.headers });
        res.end(JSON.stringify({ error: 'server_error', error_description: 'try again later' }));
        return;
      }
      const channel = channels.find(
        (c) => c.channelId === form.get('client_id') && c.secret === form.get('client_secret'),
      );
      if (form.get('grant_type') !== 'client_credentials' || !channel) {
        json(res, 400, {
          error: 'invalid_client',
          error_description: 'invalid client credentials',
        });
        return;
      }
      issued += 1;
      const token = `stateless-${channel.channelId}-${issued}`;
      tokens.set(token, channel);
      json(res, 200, { token_type: 'Bearer', access_token: token, expires_in: 899 });
      return;
    }
    if (req.method === 'GET' && path === '/friendship/v1/status') {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const liffUser = liffAccessTokens.get(bearer);
      if (!liffUser) json(res, 401, { message: 'invalid token' });
      else json(res, 200, { friendFlag: liffUser.friend });
      return;
    }
    const channel = channelOf(req);
    if (!channel) {
      json(res, 401, { message: MESSAGES[401] });
      return;
    }
    if (chat.handle(req, res, raw, channel.channelId)) return;
    if (narrowcast.handle(req, res, raw, channel.channelId)) return;
    if (richMenu.handle(req, res, raw, channel.channelId)) return;
    const profileOf = /^\/v2\/bot\/profile\/(U[0-9a-f]{32})$/.exec(path);
    if (req.method === 'GET' && profileOf) {
      const userId = profileOf[1]!;
      profileCalls.push(userId);
      const profile = profiles.has(userId)
        ? profiles.get(userId)
        : { displayName: `LINEユーザー${userId.slice(-4)}` };
      if (!profile) json(res, 404, { message: 'Not found' });
      else json(res, 200, { userId, language: 'ja', ...profile });
      return;
    }
    if (req.method === 'GET' && path === '/v2/bot/info') {
      json(res, 200, {
        userId: channel.botUserId,
        basicId: channel.basicId ?? '@fake',
        displayName: channel.displayName ?? 'フェイク',
        ...(channel.pictureUrl ? { pictureUrl: channel.pictureUrl } : {}),
        chatMode: 'bot',
        markAsReadMode: 'auto',
      });
    } else if (req.method === 'PUT' && path === '/v2/bot/channel/webhook/endpoint') {
      const endpoint = String(JSON.parse(raw.toString('utf8') || '{}').endpoint ?? '');
      if (!endpoint.startsWith('https://')) {
        json(res, 400, { message: 'Invalid webhook endpoint URL' });
        return;
      }
      webhookEndpoints.set(channel.channelId, endpoint);
      json(res, 200, {});
    } else if (req.method === 'POST' && path === '/v2/bot/channel/webhook/test') {
      const endpoint = String(JSON.parse(raw.toString('utf8') || '{}').endpoint ?? '');
      const known = webhookEndpoints.get(channel.channelId) === endpoint;
      json(res, 200, {
        success: known,
        timestamp: new Date().toISOString(),
        statusCode: known ? 200 : 404,
        reason: known ? 'OK' : 'NOT_FOUND',
        detail: known ? '200' : 'webhook endpoint not set',
      });
    } else if (req.method === 'POST' && path === '/v2/bot/message/validate/push') {
      const body = JSON.parse(raw.toString('utf8') || '{}') as { messages?: unknown[] };
      validateCalls.push({ channelId: channel.channelId, messages: body.messages ?? [] });
      if (validateStatus !== null) json(res, validateStatus, { message: MESSAGES[validateStatus] });
      else {
        const details = fakeValidationDetails(body);
        if (details.length === 0) json(res, 200, {});
        else json(res, 400, { message: MESSAGES[400], details });
      }
    } else if (req.method === 'GET' && path.startsWith('/v2/bot/insight/message/event?')) {
      insightMessageEvent(res, path);
    } else if (req.method === 'GET' && path === '/v2/bot/message/quota') {
      const { limit } = quotaOf(channel.channelId);
      json(res, 200, limit === null ? { type: 'none' } : { type: 'limited', value: limit });
    } else if (req.method === 'GET' && path === '/v2/bot/message/quota/consumption') {
      json(res, 200, { totalUsage: consumption(channel.channelId) });
    } else {
      json(res, 404, { message: 'Not found' });
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (down) {
        req.socket.destroy();
        return;
      }
      const raw = Buffer.concat(chunks);
      const pushPath =
        req.url === '/bot/pnp/push' ||
        req.url === '/v2/bot/message/push' ||
        req.url === '/v2/bot/message/multicast';
      if (req.method === 'POST' && pushPath) push(req, res, raw);
      else management(req, res, raw);
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    channels,
    requests,
    acceptedRetryKeys,
    webhookEndpoints,
    usage,
    setQuota(channelId, quota) {
      quotas.set(channelId, {
        limit: quota.limit,
        used: quota.used ?? usage(channelId),
        counted: usage(channelId),
      });
    },
    setTokenBehaviour(next) {
      tokenBehaviour = next;
      tokenCalls.length = 0;
    },
    tokenCalls,
    setBehaviour(next) {
      behaviour = next;
      calls = 0;
    },
    setProfile(userId, profile) {
      profiles.set(userId, profile);
    },
    profileCalls,
    setLatency(ms) {
      latency = ms;
    },
    revoke(token) {
      revoked.add(token);
    },
    issueToken(channelId) {
      const channel = channels.find((c) => c.channelId === channelId);
      if (!channel) throw new Error(`no fake channel ${channelId}`);
      issued += 1;
      const token = `long-lived-${channelId}-${issued}`;
      tokens.set(token, channel);
      return token;
    },
    issueIdToken(loginChannelId, user) {
      issued += 1;
      const token = `id-token-${loginChannelId}-${issued}`;
      const iat = Math.floor(Date.now() / 1000);
      const { expiresInSeconds = 3600, ...claims } = user;
      idTokens.set(token, { ...claims, aud: loginChannelId, iat, exp: iat + expiresInSeconds });
      return token;
    },
    verifyCalls,
    issueLiffAccessToken(user) {
      issued += 1;
      const token = `liff-access-${issued}`;
      liffAccessTokens.set(token, user);
      return token;
    },
    setDown(next) {
      down = next;
    },
    validateCalls,
    sentRequestIds,
    failValidation(status) {
      validateStatus = status;
    },
    chat: chat.chat,
    narrowcast: narrowcast.narrowcast,
    richMenu: richMenu.richMenu,
    login: login.login,
    async close() {
      chat.chat.close();
      narrowcast.narrowcast.close();
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
