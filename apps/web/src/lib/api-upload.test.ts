import { ERROR_REASON_HEADER, ERROR_REASONS, MESSAGES } from '@tsunagu/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { setUnauthenticatedHandler } from './api-client';
import { ApiError } from './api-error';
import { apiUpload } from './api-upload';

/** A hand-driven XMLHttpRequest: the test decides when progress, answers and failures come. */
class ScriptedXhr {
  static last: ScriptedXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  responseHeaders: Record<string, string> = {};
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;

  constructor() {
    ScriptedXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.(new ProgressEvent('progress', { loaded, total, lengthComputable }));
  }
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  answer(status: number, body?: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseHeaders = headers;
    this.responseText =
      body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

function current(): ScriptedXhr {
  if (!ScriptedXhr.last) throw new Error('no request was made');
  return ScriptedXhr.last;
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the upload to fail');
}

describe('apiUpload', () => {
  const onUnauthenticated = vi.fn();
  const schema = z.object({ id: z.number() });

  beforeEach(() => {
    ScriptedXhr.last = null;
    onUnauthenticated.mockReset();
    vi.stubGlobal('XMLHttpRequest', ScriptedXhr);
    setUnauthenticatedHandler(onUnauthenticated);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('POSTs the FormData with the CSRF header and reports progress', async () => {
    const body = new FormData();
    body.append('description', 'メモ');
    const progress = vi.fn();
    const result = apiUpload('/api/tel/upload', { body, schema, onProgress: progress });
    const xhr = current();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/tel/upload');
    expect(xhr.headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest' });
    expect(xhr.body).toBe(body);
    xhr.progress(10, 40);
    xhr.progress(5, 0, false);
    expect(progress.mock.calls).toEqual([
      [{ loaded: 10, total: 40 }],
      [{ loaded: 5, total: null }],
    ]);
    xhr.answer(201, { id: 9 });
    await expect(result).resolves.toEqual({ id: 9 });
  });

  it('maps a 422 to a validation ApiError with the field errors', async () => {
    const result = apiUpload('/api/tel/upload', { body: new FormData(), schema });
    current().answer(422, { message: 'ファイルに誤りがあります', errors: { file: ['2行目: x'] } });
    const error = await failureOf(result);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      kind: 'validation',
      message: 'ファイルに誤りがあります',
      fieldErrors: { file: ['2行目: x'] },
    });
  });

  it('a 401 ends the session like every other call', async () => {
    const result = apiUpload('/api/tel/upload', { body: new FormData() });
    current().answer(401, { message: 'ログインしてください' });
    expect(await failureOf(result)).toMatchObject({ kind: 'unauthenticated' });
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('a 401 that names another reason (Google) keeps the session', async () => {
    const result = apiUpload('/api/tel/upload', { body: new FormData() });
    current().answer(
      401,
      { message: 'Google の認証が切れました' },
      { [ERROR_REASON_HEADER]: ERROR_REASONS.googleUnauthorized },
    );
    expect(await failureOf(result)).toMatchObject({
      kind: 'unauthenticated',
      reason: ERROR_REASONS.googleUnauthorized,
    });
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('a 5xx with a proxy page gets the generic message; a dropped connection is a network error', async () => {
    const page = apiUpload('/api/tel/upload', { body: new FormData() });
    current().answer(502, '<html>Bad Gateway</html>');
    expect(await failureOf(page)).toMatchObject({ kind: 'server', message: MESSAGES.internal });

    const dropped = apiUpload('/api/tel/upload', { body: new FormData() });
    current().onerror?.();
    expect(await failureOf(dropped)).toMatchObject({ status: 0, kind: 'network' });
  });

  it('an answer outside the contract is refused', async () => {
    const result = apiUpload('/api/tel/upload', { body: new FormData(), schema });
    current().answer(201, { id: 'nine' });
    expect(await failureOf(result)).toMatchObject({ kind: 'unknown' });
  });

  it('an abort signal stops the upload', async () => {
    const controller = new AbortController();
    const result = apiUpload('/api/tel/upload', {
      body: new FormData(),
      signal: controller.signal,
    });
    controller.abort();
    expect(current().aborted).toBe(true);
    expect(await failureOf(result)).toMatchObject({ name: 'AbortError' });
  });
});
