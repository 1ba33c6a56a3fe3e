import { GOOGLE_MESSAGES, MESSAGES } from '@tsunagu/contracts';
import { isApiError } from '@/lib/api-error';

/** The server's message when the status is one of `statuses`, else `otherwise` (spec §8). */
function bodyOn(error: unknown, statuses: readonly number[], otherwise: string): string {
  return isApiError(error) && statuses.includes(error.status) ? error.message : otherwise;
}

/**
 * RSV-43: a failed link shows the server body on 404 and 401; the salon calls' rule (RSV-05) shows
 * it on 400/422 too (a field the server refused). Anything else: 不明なエラーが発生しました.
 */
export const linkErrorText = (error: unknown) =>
  bodyOn(error, [400, 401, 404, 422], MESSAGES.unknownError);

/** RSV-45: the server body on 400 and 401, otherwise 削除に失敗しました (DEC-01). */
export const unlinkErrorText = (error: unknown) =>
  bodyOn(error, [400, 401], GOOGLE_MESSAGES.deletionFailed);

/** RSV-47: the server body on 400 and 401, otherwise 再取得に失敗しました (DEC-01). */
export const resyncErrorText = (error: unknown) =>
  bodyOn(error, [400, 401], GOOGLE_MESSAGES.refetchFailed);
