import {
  ERROR_REASON_HEADER,
  ERROR_REASONS,
  errorBodySchema,
  MESSAGES,
  type ErrorReason,
} from '@tsunagu/contracts';
import type { z } from 'zod';
import { pagePaths } from '@/config/paths';
import { ApiError, kindForStatus, NETWORK_ERROR_MESSAGE, type ApiErrorKind } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions<T> = {
  method?: HttpMethod;
  /**
   * A plain value is sent as JSON; FormData is passed through so the browser sets the boundary;
   * a Blob is sent as it is, with its type.
   */
  body?: unknown;
  /** Validates the response body, so screens never render a shape the contract does not promise. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /**
   * 'redirect' (default): a 401 means the session ended, so the app returns to the login page.
   * 'report': the caller asks "am I signed in?" (login, the first /api/auth/me probe) and
   * handles the answer itself.
   */
  onUnauthenticated?: 'redirect' | 'report';
};

type UnauthenticatedHandler = () => void;

// The app registers how to get back to the login page; the client stays router-agnostic.
let unauthenticatedHandler: UnauthenticatedHandler = () => {
  window.location.assign(pagePaths.Login);
};

export function setUnauthenticatedHandler(handler: UnauthenticatedHandler): void {
  unauthenticatedHandler = handler;
}

const FALLBACK_MESSAGES: Record<ApiErrorKind, string> = {
  validation: MESSAGES.validationFailed,
  unauthenticated: MESSAGES.unauthenticated,
  forbidden: MESSAGES.forbidden,
  'not-found': MESSAGES.notFound,
  conflict: MESSAGES.unknownError,
  'rate-limited': MESSAGES.tooManyRequests,
  server: MESSAGES.internal,
  network: NETWORK_ERROR_MESSAGE,
  unknown: MESSAGES.unknownError,
};

/** A response body as JSON; undefined when empty or not JSON (a proxy's HTML page). */
export function parseJsonText(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function readJson(response: Response): Promise<unknown> {
  return parseJsonText(await response.text());
}

const KNOWN_REASONS: ReadonlySet<string> = new Set(Object.values(ERROR_REASONS));

/** The documented reason of an error answer, if it names one (`x-tsunagu-reason`). */
export function reasonOf(headerValue: string | null | undefined): ErrorReason | undefined {
  return headerValue && KNOWN_REASONS.has(headerValue) ? (headerValue as ErrorReason) : undefined;
}

/** Kana or kanji: a message written for the operator (APP-13), not a framework's English. */
const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;

function toApiError(status: number, body: unknown, reason?: ErrorReason): ApiError {
  const kind = kindForStatus(status);
  const parsed = errorBodySchema.safeParse(body);
  // The server's message is shown when it follows the documented shape (or is a JSON string,
  // ERR-04) and is Japanese. Anything else — a proxy's page, or a framework's own
  // `{"message": "Internal Server Error"}` — gets the generic Japanese message of its kind instead.
  const given = parsed.success ? parsed.data.message : typeof body === 'string' ? body : '';
  const message = JAPANESE.test(given) ? given : FALLBACK_MESSAGES[kind];
  const fieldErrors = kind === 'validation' && parsed.success ? (parsed.data.errors ?? {}) : {};
  return new ApiError(status, kind, message, fieldErrors, reason, body);
}

/**
 * The ApiError for a failed answer; a 401 also ends the session (unless the caller asked to
 * handle it, or the 401 names another reason: Google refusing the salon's tokens is not the
 * operator's session ending). Shared with the upload client (api-upload.ts).
 */
export function failedResponse(
  status: number,
  body: unknown,
  onUnauthenticated: RequestOptions<unknown>['onUnauthenticated'] = 'redirect',
  reason?: ErrorReason,
): ApiError {
  const error = toApiError(status, body, reason);
  if (error.kind === 'unauthenticated' && !reason && onUnauthenticated === 'redirect') {
    unauthenticatedHandler();
  }
  return error;
}

/** Validates a successful answer against its contract, as every call does. */
export function checkedResponse<T>(status: number, data: unknown, schema?: z.ZodType<T>): T {
  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError(status, 'unknown', MESSAGES.unknownError);
  return parsed.data;
}

/**
 * Sent with every request. The server refuses writes without X-Requested-With (CSRF defence
 * for cookie sessions): a cross-site form cannot set it, and a cross-site fetch with it needs a
 * CORS preflight.
 */
export function apiHeaders(): Record<string, string> {
  return { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
}

function buildInit(method: HttpMethod, body: unknown, signal?: AbortSignal): RequestInit {
  const headers = apiHeaders();
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (signal) init.signal = signal;
  if (body instanceof FormData) {
    init.body = body;
  } else if (body instanceof Blob) {
    // A file sent as it is (a CSV import): its own type says what it is.
    headers['Content-Type'] = body.type || 'application/octet-stream';
    init.body = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  return init;
}

/** The only place in the web app that calls fetch (uploads with progress: api-upload.ts). */
export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const { method = 'GET', body, schema, signal, onUnauthenticated = 'redirect' } = options;
  let response: Response;
  try {
    response = await fetch(path, buildInit(method, body, signal));
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'network', NETWORK_ERROR_MESSAGE);
  }

  const data = await readJson(response);
  if (!response.ok) {
    const reason = reasonOf(response.headers.get(ERROR_REASON_HEADER));
    throw failedResponse(response.status, data, onUnauthenticated, reason);
  }
  return checkedResponse(response.status, data, schema);
}
