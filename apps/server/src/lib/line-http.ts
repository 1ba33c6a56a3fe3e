import { lineErrorDetailsOf, type LineErrorDetail } from '@tsunagu/contracts';
import type { Dispatcher } from 'undici';

/**
 * How a LINE Messaging API call over undici went, shared by the senders (notification messages
 * and push messages): errors raised before a request left this machine, timeouts, LINE's reason
 * and its Retry-After.
 */

/** Codes of errors raised before a request left this machine: safe to try again. */
export const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** undici's timeouts: no status line (headers) or no body in time after the request was written. */
export const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

export function errorCode(error: unknown): string | undefined {
  const own = error as { code?: string; cause?: { code?: string; errors?: { code?: string }[] } };
  return own.code ?? own.cause?.code ?? own.cause?.errors?.[0]?.code;
}

/** An error answer's body: LINE's `message` as `: …` to append to our reason, and `details[]`. */
export async function lineErrorBody(
  body: Dispatcher.ResponseData['body'],
): Promise<{ message: string; details: LineErrorDetail[] }> {
  try {
    const parsed = (await body.json()) as { message?: unknown };
    return {
      message: typeof parsed.message === 'string' ? `: ${parsed.message.slice(0, 200)}` : '',
      details: lineErrorDetailsOf(parsed),
    };
  } catch {
    return { message: '', details: [] };
  }
}

export function retryAfterMs(headers: Dispatcher.ResponseData['headers']): number | undefined {
  const value = headers['retry-after'];
  const seconds = Number(Array.isArray(value) ? value[0] : value);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

/** A request that failed before LINE answered: never sent (safe to retry), or perhaps taken. */
export function requestFailure(error: unknown): { notSent: boolean; reason: string } {
  const code = errorCode(error);
  if (code && NOT_SENT_CODES.has(code))
    return { notSent: true, reason: `LINE に接続できませんでした（${code}）` };
  return {
    notSent: false,
    reason:
      code && TIMEOUT_CODES.has(code)
        ? 'LINE から応答がありませんでした'
        : `通信が途切れました${code ? `: ${code}` : ''}`,
  };
}

export type LineRefusal =
  | {
      kind: 'retry';
      reason: string;
      retryAfterMs?: number;
      /** 429: LINE refused it for a limit (the rate, or the month's quota: decision 0186). */
      limited?: boolean;
      /** LINE may have taken the request (a 5xx, a timeout, a dropped connection). */
      maybeTaken?: boolean;
    }
  /** LINE refused the channel's token (401): the message is fine, the channel needs attention. */
  | { kind: 'token-refused'; reason: string }
  | { kind: 'failed'; reason: string; details?: LineErrorDetail[] };

/**
 * What an error answer of a send call means, the same for every send endpoint: 429 and 5xx are
 * tried again (after Retry-After), 401 is the channel's token, 403 is `forbidden`, the rest
 * fail with LINE's reason and its `details[]` (decision 0185).
 */
export async function refusalOf(
  response: Pick<Dispatcher.ResponseData, 'statusCode' | 'headers' | 'body'>,
  forbidden: string,
): Promise<LineRefusal> {
  const status = response.statusCode;
  const { message: detail, details } = await lineErrorBody(response.body);
  if (status === 429) {
    const after = retryAfterMs(response.headers);
    return {
      kind: 'retry',
      reason: `LINE の送信上限に達しました（429${detail}）`,
      limited: true,
      ...(after === undefined ? {} : { retryAfterMs: after }),
    };
  }
  if (status >= 500)
    return {
      kind: 'retry',
      reason: `LINE のサーバーエラー（${status}${detail}）`,
      maybeTaken: true,
    };
  if (status === 401)
    return { kind: 'token-refused', reason: `チャネルアクセストークンが無効です（401${detail}）` };
  if (status === 403) return { kind: 'failed', reason: `${forbidden}（403${detail}）`, details };
  return {
    kind: 'failed',
    reason: `LINE がリクエストを受け付けませんでした（${status}${detail}）`,
    details,
  };
}
