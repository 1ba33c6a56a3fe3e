import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** An event as the Calendar API lists it (only the fields the provider reads). */
export interface FakeGoogleEvent {
  id: string;
  summary?: string;
  status?: 'confirmed' | 'cancelled';
  start: { dateTime?: string; date?: string };
  end: { dateTime?: string; date?: string };
}

export interface FakeGoogleRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  form: URLSearchParams | undefined;
  /** The JSON body of an event write (insert / update). */
  json?: Record<string, unknown> | undefined;
}

export interface FakeGoogle {
  url: string;
  requests: FakeGoogleRequest[];
  /** The code the consent page would hand back for this account. */
  issueCode(email: string): string;
  /** Calendars of an account: the first is its primary one (id = the address). */
  setCalendars(email: string, calendars: { id: string; summary: string }[]): void;
  setEvents(calendarId: string, events: FakeGoogleEvent[]): void;
  /** The calendar's events as they are now (written ones included). */
  eventsOf(calendarId: string): FakeGoogleEvent[];
  /** Every access token issued so far stops working (Google answers 401 until a refresh). */
  expireAccessTokens(): void;
  /** The account withdrew its consent: refresh tokens are invalid_grant from now on. */
  revoke(email: string): void;
  /**
   * The account grants only the old read-only scope (as before decision 0273): its writes are
   * Google's 403 insufficientPermissions. `false`: it grants writes again.
   */
  setReadOnly(email: string, readOnly?: boolean): void;
  /** The next calls to paths matching `pattern` answer `status`. */
  failNext(pattern: RegExp, status: number, times?: number): void;
  /** Google is well again: failures still pending are dropped. */
  recover(): void;
  close(): Promise<void>;
}

const EVENTS_PAGE_SIZE = 2;

/**
 * Google's OAuth token endpoint, the two Calendar API v3 reads and the event writes (insert with
 * our id — 409 when it exists —, update — 404 when it does not —, delete) the provider uses, as a real
 * HTTP server on 127.0.0.1:0, so the real provider (Google's own client library) runs against
 * it. Answers use Google's shapes: `{access_token, expires_in, …}`, `{error: 'invalid_grant'}`,
 * `{error: {code, message}}`, and events pages of two with `nextPageToken`.
 */
export async function startFakeGoogle(client: { id: string; secret: string }): Promise<FakeGoogle> {
  const requests: FakeGoogleRequest[] = [];
  const codes = new Map<string, string>();
  const accessTokens = new Map<string, string>();
  const refreshTokens = new Map<string, string>();
  const calendars = new Map<string, { id: string; summary: string }[]>();
  const events = new Map<string, FakeGoogleEvent[]>();
  const failures: { pattern: RegExp; status: number; times: number }[] = [];
  const readOnly = new Set<string>();
  let issued = 0;

  function json(res: http.ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  }
  const apiError = (res: http.ServerResponse, code: number, message: string) =>
    json(res, code, { error: { code, message, errors: [{ message, reason: message }] } });

  function grant(res: http.ServerResponse, email: string, withRefresh: boolean) {
    issued += 1;
    const access = `ya29.fake-${issued}`;
    accessTokens.set(access, email);
    const body: Record<string, unknown> = {
      access_token: access,
      expires_in: 3599,
      scope: readOnly.has(email)
        ? 'https://www.googleapis.com/auth/calendar.readonly'
        : 'https://www.googleapis.com/auth/calendar.readonly https://www.googleapis.com/auth/calendar.events',
      token_type: 'Bearer',
    };
    if (withRefresh) {
      const refresh = `1//fake-refresh-${issued}`;
      refreshTokens.set(refresh, email);
      body.refresh_token = refresh;
    }
    json(res, 200, body);
  }

  function token(res: http.ServerResponse, form: URLSearchParams) {
    if (form.get('client_id') !== client.id || form.get('client_secret') !== client.secret)
      return json(res, 401, { error: 'invalid_client' });
    const kind = form.get('grant_type');
    if (kind === 'authorization_code') {
      const email = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!email)
        return json(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
      return grant(res, email, true);
    }
    if (kind === 'refresh_token') {
      const email = refreshTokens.get(form.get('refresh_token') ?? '');
      if (!email)
        return json(res, 400, {
          error: 'invalid_grant',
          error_description: 'Token has been expired or revoked.',
        });
      return grant(res, email, false);
    }
    return json(res, 400, { error: 'unsupported_grant_type' });
  }

  function eventWrite(
    res: http.ServerResponse,
    email: string,
    method: string,
    match: RegExpExecArray | null,
    rawEventId: string | undefined,
    body: Record<string, unknown> | undefined,
  ) {
    const calendarId = match ? decodeURIComponent(match[1] ?? '') : '';
    if (!match || !(calendars.get(email) ?? []).some((entry) => entry.id === calendarId))
      return apiError(res, 404, 'Not Found');
    const list = events.get(calendarId) ?? [];
    const eventId = rawEventId ? decodeURIComponent(rawEventId) : String(body?.id ?? '');
    const existing = list.find((event) => event.id === eventId);
    if (method === 'DELETE') {
      if (!existing) return apiError(res, 404, 'Not Found');
      events.set(
        calendarId,
        list.filter((event) => event !== existing),
      );
      res.writeHead(204);
      return res.end();
    }
    const written: FakeGoogleEvent = {
      id: eventId,
      summary: String(body?.summary ?? ''),
      status: 'confirmed',
      start: (body?.start ?? {}) as FakeGoogleEvent['start'],
      end: (body?.end ?? {}) as FakeGoogleEvent['end'],
    };
    if (method === 'POST') {
      if (existing) return apiError(res, 409, 'The requested identifier already exists.');
      events.set(calendarId, [...list, written]);
      return json(res, 200, { kind: 'calendar#event', ...written });
    }
    if (method === 'PUT') {
      if (!existing) return apiError(res, 404, 'Not Found');
      events.set(
        calendarId,
        list.map((event) => (event === existing ? written : event)),
      );
      return json(res, 200, { kind: 'calendar#event', ...written });
    }
    return apiError(res, 404, 'Not Found');
  }

  function calendarApi(
    res: http.ServerResponse,
    path: string,
    query: URLSearchParams,
    auth: string | undefined,
    method = 'GET',
    body?: Record<string, unknown>,
  ) {
    const email = accessTokens.get((auth ?? '').replace(/^Bearer /, ''));
    if (!email) return apiError(res, 401, 'Invalid Credentials');
    if (path === '/calendar/v3/users/me/calendarList') {
      const items = (calendars.get(email) ?? []).map((entry, index) => ({
        kind: 'calendar#calendarListEntry',
        ...entry,
        ...(index === 0 ? { primary: true } : {}),
      }));
      return json(res, 200, { kind: 'calendar#calendarList', items });
    }
    const match = /^\/calendar\/v3\/calendars\/([^/]+)\/events$/.exec(path);
    const one = /^\/calendar\/v3\/calendars\/([^/]+)\/events\/([^/]+)$/.exec(path);
    if (method !== 'GET' && readOnly.has(email))
      return json(res, 403, {
        error: {
          code: 403,
          message: 'Request had insufficient authentication scopes.',
          errors: [
            {
              message: 'Insufficient Permission',
              domain: 'global',
              reason: 'insufficientPermissions',
            },
          ],
          status: 'PERMISSION_DENIED',
        },
      });
    if (method !== 'GET') return eventWrite(res, email, method, match ?? one, one?.[2], body);
    const calendarId = match ? decodeURIComponent(match[1] ?? '') : '';
    if (!match || !(calendars.get(email) ?? []).some((entry) => entry.id === calendarId))
      return apiError(res, 404, 'Not Found');
    const all = events.get(calendarId) ?? [];
    const from = Number(query.get('pageToken') ?? '0');
    const page = all.slice(from, from + EVENTS_PAGE_SIZE);
    const next = from + EVENTS_PAGE_SIZE < all.length ? String(from + EVENTS_PAGE_SIZE) : undefined;
    return json(res, 200, {
      kind: 'calendar#events',
      items: page,
      ...(next ? { nextPageToken: next } : {}),
    });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake-google');
      const body = Buffer.concat(chunks).toString('utf8');
      const isJson = (req.headers['content-type'] ?? '').includes('application/json');
      const form = req.method === 'POST' && !isJson ? new URLSearchParams(body) : undefined;
      let parsed: Record<string, unknown> | undefined;
      if (isJson && body) parsed = JSON.parse(body) as Record<string, unknown>;
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        authorization: req.headers.authorization,
        form,
        json: parsed,
      });
      const failure = failures.find((entry) => entry.pattern.test(url.pathname));
      if (failure) {
        failure.times -= 1;
        if (failure.times <= 0) failures.splice(failures.indexOf(failure), 1);
        return apiError(res, failure.status, 'Injected failure');
      }
      if (req.method === 'POST' && url.pathname === '/token')
        return token(res, form ?? new URLSearchParams());
      if (url.pathname.startsWith('/calendar/v3/'))
        return calendarApi(
          res,
          url.pathname,
          url.searchParams,
          req.headers.authorization,
          req.method ?? 'GET',
          parsed,
        );
      return apiError(res, 404, 'Not Found');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    issueCode(email) {
      issued += 1;
      const code = `4/fake-code-${issued}`;
      codes.set(code, email);
      return code;
    },
    setCalendars(email, list) {
      calendars.set(email, list);
    },
    setEvents(calendarId, list) {
      events.set(calendarId, list);
    },
    eventsOf(calendarId) {
      return events.get(calendarId) ?? [];
    },
    expireAccessTokens() {
      accessTokens.clear();
    },
    revoke(email) {
      for (const [refresh, owner] of refreshTokens)
        if (owner === email) refreshTokens.delete(refresh);
      for (const [access, owner] of accessTokens) if (owner === email) accessTokens.delete(access);
    },
    setReadOnly(email, value = true) {
      if (value) readOnly.add(email);
      else readOnly.delete(email);
    },
    failNext(pattern, status, times = 1) {
      failures.push({ pattern, status, times });
    },
    recover() {
      failures.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
