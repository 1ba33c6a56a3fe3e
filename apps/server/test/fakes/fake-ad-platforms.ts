import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakePlatform = 'line' | 'meta' | 'google';

export interface FakeAdRequest {
  platform: FakePlatform;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  status: number;
}

/** What a platform answers next: a status and body (else 200/202 with a plain success). */
export interface ScriptedAnswer {
  status: number;
  body?: unknown;
}

/** The de-duplication field of each platform's one event in a request. */
function dedupKeyOf(platform: FakePlatform, body: Record<string, unknown>): string | undefined {
  if (platform === 'line') {
    const events = body.events as { event?: { deduplication_key?: string } }[] | undefined;
    return events?.[0]?.event?.deduplication_key;
  }
  if (platform === 'meta') return (body.data as { event_id?: string }[] | undefined)?.[0]?.event_id;
  return (body.conversions as { order_id?: string }[] | undefined)?.[0]?.order_id;
}

/**
 * The three ad platforms' conversion endpoints on loopback (issue 30): LINE Conversion API v1
 * `POST /v1/{tag}/events`, Meta `POST /v21.0/{dataset}/events`, Google Ads
 * `POST /v18/customers/{id}:uploadClickConversions`, and Google's OAuth (`/o/oauth2/v2/auth`
 * redirects back with a code, `/o/oauth2/token`). Answers are scripted per platform; like the
 * platforms, a success counts an event once per dedup key.
 */
export async function startFakeAdPlatforms() {
  const requests: FakeAdRequest[] = [];
  const script: Record<FakePlatform, ScriptedAnswer[]> = { line: [], meta: [], google: [] };
  const counted: Record<FakePlatform, Set<string>> = {
    line: new Set(),
    meta: new Set(),
    google: new Set(),
  };
  const codes = new Map<string, string>();
  let tokenCalls = 0;

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const text = Buffer.concat(chunks).toString('utf8');
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
        const code = `code-${codes.size + 1}`;
        codes.set(code, url.searchParams.get('client_id') ?? '');
        const back = new URL(url.searchParams.get('redirect_uri')!);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        response.writeHead(302, { location: back.href });
        response.end();
        return;
      }
      if (request.method === 'POST' && url.pathname === '/o/oauth2/token') {
        tokenCalls++;
        const form = new URLSearchParams(text);
        if (form.get('grant_type') === 'authorization_code') {
          if (!codes.has(form.get('code') ?? '')) return send(400, { error: 'invalid_grant' });
          return send(200, {
            access_token: 'ya29.fake',
            refresh_token: 'refresh-fake',
            expires_in: 3600,
          });
        }
        if (form.get('refresh_token') !== 'refresh-fake')
          return send(400, { error: 'invalid_grant' });
        return send(200, { access_token: 'ya29.fake', expires_in: 3600 });
      }
      const platform: FakePlatform | null = /^\/v1\/[^/]+\/events$/.test(url.pathname)
        ? 'line'
        : /^\/v21\.0\/\d+\/events$/.test(url.pathname)
          ? 'meta'
          : /^\/v18\/customers\/\d+:uploadClickConversions$/.test(url.pathname)
            ? 'google'
            : null;
      if (request.method !== 'POST' || !platform) return send(404, { message: 'not found' });
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return send(400, { message: 'invalid json' });
      }
      const scripted = script[platform].shift();
      const status = scripted?.status ?? (platform === 'line' ? 202 : 200);
      requests.push({ platform, path: url.pathname, headers: request.headers, body, status });
      if (status < 300) {
        const key = dedupKeyOf(platform, body);
        if (key) counted[platform].add(key);
      }
      send(status, scripted?.body ?? (platform === 'meta' ? { events_received: 1 } : {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Queue the next answers of a platform. */
    answer(platform: FakePlatform, ...answers: ScriptedAnswer[]) {
      script[platform].push(...answers);
    },
    /** Events the platform counted (distinct dedup keys of successful requests). */
    counted: (platform: FakePlatform) => counted[platform].size,
    tokenCalls: () => tokenCalls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeAdPlatforms = Awaited<ReturnType<typeof startFakeAdPlatforms>>;
