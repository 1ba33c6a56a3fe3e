import { GoogleProviderError } from './provider.js';

/** Google's client errors read as HTTP statuses and the provider's failure kinds. */

/** The HTTP status of a Google client error, when it has one. */
export function statusOf(error: unknown): number | undefined {
  const candidate = error as {
    status?: number;
    code?: number | string;
    response?: { status?: number };
  };
  return (
    candidate.response?.status ??
    candidate.status ??
    (typeof candidate.code === 'number' ? candidate.code : undefined)
  );
}
/** A Google (gaxios) error as one of the provider's failure kinds. Tokens never get logged. */
export function toProviderError(error: unknown): GoogleProviderError {
  if (error instanceof GoogleProviderError) return error;
  const candidate = error as {
    status?: number;
    code?: number | string;
    response?: {
      status?: number;
      data?: { error?: string | { errors?: { reason?: string }[]; status?: string } };
    };
  };
  const status =
    candidate.response?.status ??
    candidate.status ??
    (typeof candidate.code === 'number' ? candidate.code : undefined);
  if (status === 401 || candidate.response?.data?.error === 'invalid_grant') {
    return new GoogleProviderError('unauthorized', 'google: unauthorized');
  }
  const body = candidate.response?.data?.error;
  // A token granted before the events scope (decision 0295); other 403s (rate limits) pass.
  if (
    status === 403 &&
    typeof body === 'object' &&
    (body.errors?.some((entry) => entry.reason === 'insufficientPermissions') ||
      body.status === 'PERMISSION_DENIED')
  )
    return new GoogleProviderError('forbidden', 'google: insufficient permissions');
  if (status === 404) return new GoogleProviderError('not_found', 'google: not found');
  return new GoogleProviderError('unavailable', `google: unavailable (${status ?? 'network'})`);
}
