import { MESSAGES, type ErrorReason, type FieldErrors } from '@tsunagu/contracts';

export type ApiErrorKind =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'rate-limited'
  | 'server'
  | 'network'
  | 'unknown';

export const NETWORK_ERROR_MESSAGE = '通信エラーが発生しました';

/** The one error type screens see from the API: a kind to branch on and a message to show. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly kind: ApiErrorKind,
    message: string,
    readonly fieldErrors: FieldErrors = {},
    /** Why, when the server says more than the status (`x-tsunagu-reason`). */
    readonly reason?: ErrorReason,
    /** The answer's JSON body, for the rare error that carries more than its message (e.g. a
     * count to name in a question); read it only through a contract schema. */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export function kindForStatus(status: number): ApiErrorKind {
  if (status === 400 || status === 422) return 'validation';
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'server';
  return 'unknown';
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The text to show for a failure: the API's own Japanese message, or a generic Japanese one.
 * Never an exception's text (English, from the browser or a library).
 */
export function errorText(error: unknown): string {
  return isApiError(error) ? error.message : MESSAGES.unknownError;
}

/**
 * Spec §8 for journey and trigger calls (ERR-02..05): a failure is a list of messages — the
 * generic 不明なエラーが発生しました for a server fault (500 or above, ERR-03); below 500, the
 * field messages when the body names fields (ERR-05), otherwise the body's own message (ERR-04).
 */
export function refusalMessages(error: unknown): string[] {
  if (!isApiError(error) || error.status >= 500) return [MESSAGES.unknownError];
  const fieldMessages = Object.values(error.fieldErrors).flat();
  return fieldMessages.length > 0 ? fieldMessages : [error.message];
}

/** The messages of `refusalMessages` as one line, for a toast or a notice. */
export function refusalText(error: unknown): string {
  return refusalMessages(error).join(' ');
}
