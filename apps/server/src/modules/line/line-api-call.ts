import { lineErrorDetailsOf, type LineErrorDetail } from '@tsunagu/contracts';

/**
 * How the management client talks to LINE (client.ts): plain `fetch` with a deadline and the
 * channel's bearer token; an error answer or no answer becomes a LineApiError.
 */

export class LineApiError extends Error {
  constructor(
    /** LINE's HTTP status, or 0 when LINE could not be reached. */
    readonly status: number,
    /** LINE's own message (`message`, or `error_description` of the token endpoint), if any. */
    readonly lineMessage: string,
    /** LINE's `details[]` (a 400 names each property it refused), if any. */
    readonly details: LineErrorDetail[] = [],
    /** LINE's Retry-After (a 429 or 503), if it gave one. */
    readonly retryAfterMs?: number,
  ) {
    super(`LINE ${status}${lineMessage ? `: ${lineMessage}` : ''}`);
  }
}

const TIMEOUT_MS = 10_000;

/**
 * LINE's error body: its message and, at most 50, its details (each cut to 300 characters), and
 * its Retry-After.
 */
async function lineErrorOf(response: Response): Promise<LineApiError> {
  let body: { message?: unknown; error_description?: unknown; details?: unknown } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // Not JSON: the status says it all.
  }
  const text = body.message ?? body.error_description;
  const details = lineErrorDetailsOf(body);
  const seconds = Number(response.headers.get('retry-after'));
  return new LineApiError(
    response.status,
    typeof text === 'string' ? text.slice(0, 300) : '',
    details,
    Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined,
  );
}

/** Calls under LINE_API_BASE (tests: a fake LINE on loopback). */
export function createLineApiCall(apiBase: string, timeoutMs = TIMEOUT_MS) {
  const base = apiBase.replace(/\/+$/, '');

  async function call(path: string, init: RequestInit & { token?: string }): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        ...init,
        headers: {
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          ...init.headers,
        },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new LineApiError(0, '');
    }
    if (!response.ok) throw await lineErrorOf(response);
    return response;
  }

  const json = async <T>(path: string, init: RequestInit & { token?: string }) =>
    (await (await call(path, init)).json()) as T;
  /** A JSON body, of LINE's own request type (messaging-api.yml). */
  const sendJson = <Body>(body: Body) => ({
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

  return { call, json, sendJson };
}
