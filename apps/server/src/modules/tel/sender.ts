import type { TelSender } from '@tsunagu/contracts';
import { Pool, type Dispatcher } from 'undici';

/** One LINE notification message request (`POST /bot/pnp/push`). */
export interface PushRequest {
  /** SHA-256 of the E.164 phone number. */
  to: string;
  messages: unknown[];
  deliveryTag: string;
}

/**
 * What became of a request. `retry` only when LINE certainly did not take the message
 * (429, 5xx, a refused connection); `unknown` when it may have (a timeout, a dropped
 * connection): LINE has no retry key for these messages, so those are never sent again.
 */
export type PushOutcome =
  | { kind: 'sent' }
  | { kind: 'cannot'; reason: string }
  | { kind: 'failed'; reason: string }
  | { kind: 'retry'; reason: string; retryAfterMs?: number }
  | { kind: 'unknown'; reason: string }
  /** LINE refused the channel's token (401): the message is fine, the channel needs attention. */
  | { kind: 'token-refused'; reason: string };

export interface Sender {
  readonly mode: TelSender;
  /** Sends with the channel access token of the message's account (decision 0045). */
  push(request: PushRequest, accessToken: string): Promise<PushOutcome>;
  /** Closes kept-alive connections once nothing is in flight any more. */
  close?(): Promise<void>;
}

export interface LineSenderOptions {
  apiBase: string;
  timeoutMs: number;
  /** Kept-alive connections to LINE, at most (TEL_CONCURRENCY: one per request in flight). */
  connections?: number;
}

/** Codes of errors raised before a request left this machine: safe to try again. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function errorCode(error: unknown): string | undefined {
  const own = error as { code?: string; cause?: { code?: string; errors?: { code?: string }[] } };
  return own.code ?? own.cause?.code ?? own.cause?.errors?.[0]?.code;
}

/** undici's timeouts: no status line (headers) or no body in time after the request was written. */
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

async function lineMessage(body: Dispatcher.ResponseData['body']): Promise<string> {
  try {
    const parsed = (await body.json()) as { message?: unknown };
    return typeof parsed.message === 'string' ? `: ${parsed.message.slice(0, 200)}` : '';
  } catch {
    return '';
  }
}

function retryAfterMs(headers: Dispatcher.ResponseData['headers']): number | undefined {
  const value = headers['retry-after'];
  const seconds = Number(Array.isArray(value) ? value[0] : value);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

/**
 * The real sender: LINE Messaging API, notification messages (flexible), over undici's
 * `Pool.request` with kept-alive connections. (Global `fetch` cost ≈ 0.5 ms of CPU per request,
 * a quarter of the whole budget at 2,000 requests/s; `request` ≈ 0.05 ms — see
 * docs/performance.md.) POST is never retried by undici itself.
 */
export function createLineSender(options: LineSenderOptions): Sender {
  const base = new URL(options.apiBase.replace(/\/+$/, '') + '/');
  const path = new URL('bot/pnp/push', base).pathname;
  const pool = new Pool(base.origin, { connections: options.connections ?? 200 });
  return {
    mode: 'line',
    async push(request, accessToken) {
      let response: Dispatcher.ResponseData;
      try {
        response = await pool.request({
          method: 'POST',
          path,
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${accessToken}`,
            'x-line-delivery-tag': request.deliveryTag,
          },
          body: JSON.stringify({ to: request.to, messages: request.messages }),
          // Both start once the request is written: a deadline for the answer, then for its body.
          headersTimeout: options.timeoutMs,
          bodyTimeout: options.timeoutMs,
        });
      } catch (error) {
        const code = errorCode(error);
        if (code && NOT_SENT_CODES.has(code)) {
          return { kind: 'retry', reason: `LINE に接続できませんでした（${code}）` };
        }
        return {
          kind: 'unknown',
          reason:
            code && TIMEOUT_CODES.has(code)
              ? '送信結果不明（LINE から応答がありませんでした）'
              : `送信結果不明（通信が途切れました${code ? `: ${code}` : ''}）`,
        };
      }
      const status = response.statusCode;
      if (status === 200 || status === 202) {
        // Read the body to the end so the keep-alive connection is reused.
        await response.body.dump().catch(() => undefined);
        return { kind: 'sent' };
      }
      const detail = await lineMessage(response.body);
      if (status === 422) {
        return { kind: 'cannot', reason: `LINE が送信できない宛先です（422${detail}）` };
      }
      if (status === 429) {
        const after = retryAfterMs(response.headers);
        return {
          kind: 'retry',
          reason: `LINE の送信上限に達しました（429${detail}）`,
          ...(after === undefined ? {} : { retryAfterMs: after }),
        };
      }
      if (status >= 500)
        return { kind: 'retry', reason: `LINE のサーバーエラー（${status}${detail}）` };
      if (status === 401) {
        return {
          kind: 'token-refused',
          reason: `チャネルアクセストークンが無効です（401${detail}）`,
        };
      }
      if (status === 403) {
        return {
          kind: 'failed',
          reason: `LINE 通知メッセージの送信権限がありません（403${detail}）`,
        };
      }
      return {
        kind: 'failed',
        reason: `LINE がリクエストを受け付けませんでした（${status}${detail}）`,
      };
    },
    close: () => pool.close(),
  };
}

/** TEL_SENDER=dry-run: every message goes through every status and is logged, never sent. */
export function createDryRunSender(
  log: (entry: Record<string, unknown>, message: string) => void,
): Sender {
  return {
    mode: 'dry-run',
    async push(request) {
      log(
        {
          deliveryTag: request.deliveryTag,
          to: `${request.to.slice(0, 8)}…`,
          messages: request.messages.length,
        },
        'tel dry-run: not sent',
      );
      return { kind: 'sent' };
    },
  };
}
