import { ERROR_REASON_HEADER, ERROR_REASONS, GOOGLE_MESSAGES, MESSAGES } from '@tsunagu/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest, setUnauthenticatedHandler } from './api-client';
import { ApiError } from './api-error';

function respond(status: number, body?: unknown, headers: Record<string, string> = {}) {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(text, {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('apiRequest', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const onUnauthenticated = vi.fn();

  beforeEach(() => {
    fetchMock.mockReset();
    onUnauthenticated.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    setUnauthenticatedHandler(onUnauthenticated);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the CSRF header, same-origin credentials and a JSON body', async () => {
    fetchMock.mockResolvedValue(respond(201, { id: 7 }));
    const result = await apiRequest('/api/things', {
      method: 'POST',
      body: { name: 'a' },
      schema: z.object({ id: z.number() }),
    });
    expect(result).toEqual({ id: 7 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/things');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.headers).toMatchObject({
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/json',
    });
    expect(init?.body).toBe('{"name":"a"}');
  });

  it('passes FormData through without a JSON content type', async () => {
    fetchMock.mockResolvedValue(respond(200, { id: 1 }));
    const form = new FormData();
    form.append('description', 'メモ');
    await apiRequest('/api/upload', { method: 'POST', body: form });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('Content-Type');
    expect(init.headers).toHaveProperty('X-Requested-With', 'XMLHttpRequest');
  });

  it.each([400, 422])(
    'CONST-01 ERR-01 maps %i to a validation error with field errors',
    async (status) => {
      fetchMock.mockResolvedValue(
        respond(status, { message: '入力内容に誤りがあります', errors: { name: ['必須です'] } }),
      );
      const error = await failureOf(apiRequest('/api/x', { method: 'POST', body: {} }));
      expect(error).toMatchObject({
        status,
        kind: 'validation',
        message: '入力内容に誤りがあります',
        fieldErrors: { name: ['必須です'] },
      });
    },
  );

  it.each([
    [403, 'forbidden'],
    [404, 'not-found'],
    [409, 'conflict'],
    [429, 'rate-limited'],
    [500, 'server'],
    [503, 'server'],
  ] as const)('CONST-01 maps %i to kind %s with the server message', async (status, kind) => {
    fetchMock.mockResolvedValue(respond(status, { message: `サーバーの説明 ${status}` }));
    const error = await failureOf(apiRequest('/api/x'));
    expect(error).toMatchObject({ status, kind, message: `サーバーの説明 ${status}` });
    expect(error.fieldErrors).toEqual({});
  });

  it.each([402, 405, 410, 418])(
    'CONST-01 %i has no handling of its own: the generic failure, no field errors, no sign-out',
    async (status) => {
      fetchMock.mockResolvedValue(
        respond(status, { message: 'サーバーの説明', errors: { name: ['必須です'] } }),
      );
      const error = await failureOf(apiRequest('/api/x', { method: 'POST', body: {} }));
      expect(error).toMatchObject({ status, kind: 'unknown', fieldErrors: {} });
      expect(onUnauthenticated).not.toHaveBeenCalled();
    },
  );

  it('falls back to a Japanese message when a 5xx body is not the documented shape', async () => {
    fetchMock.mockResolvedValue(respond(502, '<html>Bad Gateway</html>'));
    const error = await failureOf(apiRequest('/api/x'));
    expect(error).toMatchObject({ status: 502, kind: 'server', message: MESSAGES.internal });
  });

  it.each([
    [500, { statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' }],
    [503, { message: 'Service Unavailable' }],
  ])(
    'APP-13 a %i whose message is not Japanese (a framework’s own) shows the Japanese one',
    async (status, body) => {
      fetchMock.mockResolvedValue(respond(status, body));
      const error = await failureOf(apiRequest('/api/x'));
      expect(error).toMatchObject({ status, kind: 'server', message: MESSAGES.internal });
    },
  );

  it('APP-13 a 4xx in English gets the Japanese message of its kind', async () => {
    fetchMock.mockResolvedValue(respond(413, { message: 'Request body is too large' }));
    expect(await failureOf(apiRequest('/api/x'))).toMatchObject({
      message: MESSAGES.unknownError,
    });
    fetchMock.mockResolvedValue(respond(404, { message: 'Not Found' }));
    expect(await failureOf(apiRequest('/api/x'))).toMatchObject({ message: MESSAGES.notFound });
  });

  it('maps a network failure to kind network with 通信エラーが発生しました', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failureOf(apiRequest('/api/x'));
    expect(error).toMatchObject({
      status: 0,
      kind: 'network',
      message: '通信エラーが発生しました',
    });
  });

  it('CONST-01 returns to the login page on 401 during normal use', async () => {
    fetchMock.mockResolvedValue(respond(401, { message: MESSAGES.unauthenticated }));
    const error = await failureOf(apiRequest('/api/operator_roles'));
    expect(error.kind).toBe('unauthenticated');
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it("stays on the page when the 401 is Google's, not the session's (RSV-43)", async () => {
    fetchMock.mockResolvedValue(
      respond(
        401,
        { message: GOOGLE_MESSAGES.unauthorized },
        { [ERROR_REASON_HEADER]: ERROR_REASONS.googleUnauthorized },
      ),
    );
    const error = await failureOf(
      apiRequest('/api/salon/1/googlecalendars', { method: 'POST', body: {} }),
    );
    expect(error).toMatchObject({
      kind: 'unauthenticated',
      reason: 'google-unauthorized',
      message: GOOGLE_MESSAGES.unauthorized,
    });
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('still ends the session on a 401 whose reason header it does not know', async () => {
    fetchMock.mockResolvedValue(
      respond(401, { message: MESSAGES.unauthenticated }, { [ERROR_REASON_HEADER]: 'something' }),
    );
    const error = await failureOf(apiRequest('/api/operator_roles'));
    expect(error.reason).toBeUndefined();
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('only reports 401 when the caller asks whether it is signed in', async () => {
    fetchMock.mockResolvedValue(respond(401, { message: MESSAGES.loginFailed }));
    const error = await failureOf(
      apiRequest('/api/auth/login', { method: 'POST', body: {}, onUnauthenticated: 'report' }),
    );
    expect(error).toMatchObject({ kind: 'unauthenticated', message: MESSAGES.loginFailed });
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('rejects a success body that breaks the contract', async () => {
    fetchMock.mockResolvedValue(respond(200, { id: 'not-a-number' }));
    const error = await failureOf(apiRequest('/api/x', { schema: z.object({ id: z.number() }) }));
    expect(error).toMatchObject({ kind: 'unknown', message: MESSAGES.unknownError });
  });
});
