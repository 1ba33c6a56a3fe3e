import { vi } from 'vitest';

/**
 * A fake of the HTTP boundary for component tests: handlers keyed by "METHOD /path" with
 * :params. Every call is recorded so tests can assert the body and headers a user action sent.
 */
export type FakeRequest = {
  method: string;
  path: string;
  params: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
};
export type FakeReply = { status: number; body?: unknown };
export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

export function reply(status: number, body?: unknown): FakeReply {
  return { status, body };
}

function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    const actual = got[index] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(actual);
    else if (part !== actual) return null;
  }
  return params;
}

export function installFakeApi(handlers: Record<string, FakeHandler>) {
  const calls: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    for (const [key, handler] of Object.entries(handlers)) {
      const [handlerMethod, pattern = ''] = key.split(' ');
      const params = handlerMethod === method ? match(pattern, url.pathname) : null;
      if (!params) continue;
      const request = { method, path: url.pathname, params, body, headers };
      calls.push(request);
      const result = await handler(request);
      const text = result.body === undefined ? '' : JSON.stringify(result.body);
      return new Response(text, {
        status: result.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    calls.push({ method, path: url.pathname, params: {}, body, headers });
    return new Response(JSON.stringify({ message: '見つかりません' }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
