import { errorBodySchema, MESSAGES } from '@tsunagu/contracts';
import type { z } from 'zod';
import { ApiError, kindForStatus, NETWORK_ERROR_MESSAGE, type ApiErrorKind } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions<T> = {
  method?: HttpMethod;
  /** A plain value is sent as JSON; FormData is passed through so the browser sets the boundary. */
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
  window.location.assign('/account/login');
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

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  const kind = kindForStatus(status);
  const parsed = errorBodySchema.safeParse(body);
  // 5xx bodies are shown only when they follow the documented shape; anything else may be a
  // proxy page, so the operator gets the generic Japanese message instead.
  const message = parsed.success ? parsed.data.message : FALLBACK_MESSAGES[kind];
  const fieldErrors = kind === 'validation' && parsed.success ? (parsed.data.errors ?? {}) : {};
  return new ApiError(status, kind, message, fieldErrors);
}

function buildInit(method: HttpMethod, body: unknown, signal?: AbortSignal): RequestInit {
  // The server refuses writes without this header (CSRF defence for cookie sessions):
  // a cross-site form cannot set it, and a cross-site fetch with it needs a CORS preflight.
  const headers: Record<string, string> = {
    'X-Requested-With': 'XMLHttpRequest',
    Accept: 'application/json',
  };
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (signal) init.signal = signal;
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  return init;
}

/** The only place in the web app that calls fetch. */
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
    const error = toApiError(response.status, data);
    if (error.kind === 'unauthenticated' && onUnauthenticated === 'redirect') {
      unauthenticatedHandler();
    }
    throw error;
  }
  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError(response.status, 'unknown', MESSAGES.unknownError);
  return parsed.data;
}
