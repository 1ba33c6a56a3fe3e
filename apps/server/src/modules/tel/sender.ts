import type { LineErrorDetail, TelSender } from '@tsunagu/contracts';
import { Pool, type Dispatcher } from 'undici';
import { lineErrorBody, refusalOf, requestFailure } from '../../lib/line-http.js';
import { asLineMessages, type LinePnpMessagesRequest } from '../../lib/line-types/index.js';

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
  | { kind: 'cannot'; reason: string; details?: LineErrorDetail[] }
  /** With LINE's `details[]` when it named what it refused (decision 0185). */
  | { kind: 'failed'; reason: string; details?: LineErrorDetail[] }
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
      const body: LinePnpMessagesRequest = {
        to: request.to,
        messages: asLineMessages(request.messages),
      };
      try {
        response = await pool.request({
          method: 'POST',
          path,
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${accessToken}`,
            'x-line-delivery-tag': request.deliveryTag,
          },
          body: JSON.stringify(body),
          // Both start once the request is written: a deadline for the answer, then for its body.
          headersTimeout: options.timeoutMs,
          bodyTimeout: options.timeoutMs,
        });
      } catch (error) {
        const failure = requestFailure(error);
        if (failure.notSent) return { kind: 'retry', reason: failure.reason };
        // No retry key for notification messages: what LINE may have taken is never re-sent.
        return { kind: 'unknown', reason: `送信結果不明（${failure.reason}）` };
      }
      const status = response.statusCode;
      if (status === 200 || status === 202) {
        // Read the body to the end so the keep-alive connection is reused.
        await response.body.dump().catch(() => undefined);
        return { kind: 'sent' };
      }
      if (status === 422) {
        const { message, details } = await lineErrorBody(response.body);
        return { kind: 'cannot', reason: `LINE が送信できない宛先です（422${message}）`, details };
      }
      return refusalOf(response, 'LINE 通知メッセージの送信権限がありません');
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
