import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { googleProblem, lineProblem, metaProblem } from './fake-ad-shapes.js';

export type FakePlatform = 'line' | 'meta' | 'google';

export interface FakeAdRequest {
  platform: FakePlatform;
  path: string;
  headers: IncomingMessage['headers'];
  /** The parsed JSON (LINE: an array of events). */
  body: unknown;
  status: number;
}

/**
 * What a platform answers next: a status and body. LINE answers with no body whatever the body
 * given; Meta and Google with the body given, else their own error shape for the status.
 */
export interface ScriptedAnswer {
  status: number;
  body?: unknown;
}

/** Google's error Status, as its REST interface answers (GoogleAdsFailure in `details`). */
export function googleFailure(status: number, message: string, code: Record<string, string>) {
  const names: Record<number, string> = {
    400: 'INVALID_ARGUMENT',
    401: 'UNAUTHENTICATED',
    403: 'PERMISSION_DENIED',
    429: 'RESOURCE_EXHAUSTED',
    500: 'INTERNAL',
  };
  return {
    error: {
      code: status,
      message:
        status === 400 ? 'Request contains an invalid argument.' : `The caller failed (${status}).`,
      status: names[status] ?? 'UNKNOWN',
      details: [
        {
          '@type': 'type.googleapis.com/google.ads.googleads.v26.errors.GoogleAdsFailure',
          errors: [{ errorCode: code, message }],
          requestId: 'fake-request',
        },
      ],
    },
  };
}

/** Meta's Graph API error body. */
export function metaFailure(code: number, message: string, userMessage?: string) {
  return {
    error: {
      message,
      type: 'OAuthException',
      code,
      ...(userMessage ? { error_user_msg: userMessage } : {}),
      fbtrace_id: 'FakeTrace',
    },
  };
}

/** The event's de-duplication identity on each platform (name + key, as each documents it). */
function dedupKeysOf(platform: FakePlatform, body: unknown): string[] {
  if (platform === 'line')
    return (body as { event: { event_name?: string; deduplication_key: string } }[]).map(
      ({ event }) => `${event.event_name ?? ''}/${event.deduplication_key}`,
    );
  if (platform === 'meta')
    return (body as { data: { event_name: string; event_id: string }[] }).data.map(
      (event) => `${event.event_name}/${event.event_id}`,
    );
  return (
    body as { conversions: { conversionAction: string; orderId?: string }[] }
  ).conversions.map((conversion) => `${conversion.conversionAction}/${conversion.orderId ?? ''}`);
}

const PATHS: [FakePlatform, RegExp][] = [
  ['line', /^\/v1\/[^/]+\/events$/],
  ['meta', /^\/v26\.0\/\d+\/events$/],
  ['google', /^\/v26\/customers\/(\d{10}):uploadClickConversions$/],
];

/**
 * The three ad platforms' conversion endpoints on loopback (issue 30, decision 0485): LINE
 * Conversion API v1 `POST /v1/{tag}/events`, Meta `POST /v26.0/{dataset}/events`, Google Ads
 * `POST /v26/customers/{id}:uploadClickConversions`, and Google's OAuth (`/o/oauth2/v2/auth`
 * redirects back with a code, `/o/oauth2/token`). Each accepts only its documented request shape
 * and refuses others the way the platform does (LINE: 400/401 with no body; Meta: a Graph API
 * `error`; Google: a Status with GoogleAdsFailure details). Answers can be scripted per platform;
 * like the platforms, a success counts an event once per dedup key, and Google answers a repeated
 * order id with a partial failure `ORDER_ID_ALREADY_IN_USE`.
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
        if (body === undefined) {
          response.writeHead(status);
          response.end();
          return;
        }
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
      const route = PATHS.find(([, pattern]) => pattern.test(url.pathname));
      if (request.method !== 'POST' || !route) return send(404, { message: 'not found' });
      const [platform, pattern] = route;
      let body: unknown;
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        body = undefined;
      }
      const record = (status: number, answer: unknown) => {
        requests.push({ platform, path: url.pathname, headers: request.headers, body, status });
        send(status, answer);
      };
      // Credentials and shape first, as the platform checks them.
      if (platform === 'line') {
        if (!request.headers['x-line-tagaccesstoken']) return record(401, undefined);
        if (lineProblem(request.headers, body)) return record(400, undefined);
      } else if (platform === 'meta') {
        const problem = metaProblem(body);
        if (problem) return record(400, metaFailure(100, `(#100) ${problem}`));
      } else {
        const customer = pattern.exec(url.pathname)![1]!;
        const problem = googleProblem(customer, request.headers, body);
        if (problem)
          return record(
            problem.status,
            googleFailure(problem.status, problem.message, problem.code),
          );
      }
      const scripted = script[platform].shift();
      const status = scripted?.status ?? (platform === 'line' ? 202 : 200);
      if (status >= 300) {
        if (platform === 'line') return record(status, undefined);
        return record(
          status,
          scripted?.body ??
            (platform === 'meta'
              ? metaFailure(2, 'An unexpected error has occurred.')
              : googleFailure(status, 'Internal error.', { internalError: 'INTERNAL_ERROR' })),
        );
      }
      const keys = dedupKeysOf(platform, body);
      const repeated = keys.filter((key) => counted[platform].has(key));
      for (const key of keys) counted[platform].add(key);
      if (platform === 'line') return record(status, undefined);
      if (platform === 'meta')
        return record(
          status,
          scripted?.body ?? { events_received: keys.length, messages: [], fbtrace_id: 'FakeTrace' },
        );
      if (scripted?.body) return record(status, scripted.body);
      if (repeated.length > 0)
        return record(status, {
          partialFailureError: {
            code: 3,
            message: 'An order id can only be used for one conversion per conversion action.',
            details: [
              {
                '@type': 'type.googleapis.com/google.ads.googleads.v26.errors.GoogleAdsFailure',
                errors: [
                  {
                    errorCode: { conversionUploadError: 'ORDER_ID_ALREADY_IN_USE' },
                    message:
                      'An order id can only be used for one conversion per conversion action.',
                    location: { fieldPathElements: [{ fieldName: 'conversions', index: 0 }] },
                  },
                ],
              },
            ],
          },
          results: [{}],
          jobId: '1',
        });
      const conversions = (body as { conversions: Record<string, unknown>[] }).conversions;
      return record(status, {
        results: conversions.map((c) => ({
          gclid: c.gclid,
          conversionAction: c.conversionAction,
          conversionDateTime: c.conversionDateTime,
        })),
        jobId: '1',
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Queue the next answers of a platform (after its credential and shape checks). */
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
