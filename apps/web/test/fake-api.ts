import { vi } from 'vitest';

/**
 * A fake of the HTTP boundary for component tests (fetch and, for uploads, XMLHttpRequest):
 * handlers keyed by "METHOD /path" with :params. Every call is recorded so tests can assert the
 * body and headers a user action sent.
 */
export type FakeRequest = {
  method: string;
  path: string;
  params: Record<string, string>;
  /** The query string's parameters (`?attr=memo` → { attr: 'memo' }). */
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
};
export type FakeReply = { status: number; body?: unknown; headers?: Record<string, string> };
export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

/** `headers`: what else the answer names, e.g. `x-tsunagu-reason` on Google's 401. */
export function reply(status: number, body?: unknown, headers?: Record<string, string>): FakeReply {
  return headers ? { status, body, headers } : { status, body };
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

/** How much of an upload body the fake XMLHttpRequest reports as sent, step by step. */
export const FAKE_UPLOAD_TOTAL = 1000;

export function installFakeApi(handlers: Record<string, FakeHandler>) {
  const calls: FakeRequest[] = [];
  const dispatch = async (
    method: string,
    url: URL,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<FakeReply> => {
    for (const [key, handler] of Object.entries(handlers)) {
      const [handlerMethod, pattern = ''] = key.split(' ');
      const params = handlerMethod === method ? match(pattern, url.pathname) : null;
      if (!params) continue;
      const query = Object.fromEntries(url.searchParams);
      const request = { method, path: url.pathname, params, query, body, headers };
      calls.push(request);
      return handler(request);
    }
    const query = Object.fromEntries(url.searchParams);
    calls.push({ method, path: url.pathname, params: {}, query, body, headers });
    return { status: 404, body: { message: '見つかりません' } };
  };

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    const result = await dispatch(init.method ?? 'GET', url, body, headers);
    const text = result.body === undefined ? '' : JSON.stringify(result.body);
    return new Response(text, {
      status: result.status,
      headers: { 'Content-Type': 'application/json', ...result.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);

  // Uploads use XMLHttpRequest for progress (src/lib/api-upload.ts): the same handlers answer,
  // after the body is reported as sent in two steps.
  class FakeXMLHttpRequest {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private aborted = false;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    /** The fake answers JSON and names no other header (as the fetch fake above). */
    getResponseHeader(name: string): string | null {
      return name.toLowerCase() === 'content-type' ? 'application/json' : null;
    }
    abort() {
      this.aborted = true;
      this.onabort?.();
    }
    send(body: unknown) {
      const progress = (loaded: number) =>
        this.upload.onprogress?.(
          new ProgressEvent('progress', {
            loaded,
            total: FAKE_UPLOAD_TOTAL,
            lengthComputable: true,
          }),
        );
      void (async () => {
        await Promise.resolve();
        progress(FAKE_UPLOAD_TOTAL / 2);
        await Promise.resolve();
        progress(FAKE_UPLOAD_TOTAL);
        const result = await dispatch(
          this.method,
          new URL(this.url, 'http://localhost'),
          body,
          this.headers,
        );
        if (this.aborted) return;
        this.status = result.status;
        this.responseText = result.body === undefined ? '' : JSON.stringify(result.body);
        this.onload?.();
      })();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return { calls, fetchMock };
}
