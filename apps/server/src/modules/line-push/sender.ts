import { Pool, type Dispatcher } from 'undici';
import { refusalOf, requestFailure, type LineRefusal } from '../../lib/line-http.js';
import {
  asLineMessages,
  type LineMulticastRequest,
  type LinePushMessageRequest,
} from '../../lib/line-types/index.js';

/**
 * One push message request (`POST /v2/bot/message/push`), or with several LINE user ids a
 * multicast (`POST /v2/bot/message/multicast`, at most 500, decision 0166).
 */
export interface PushMessageRequest {
  /** The friend's LINE user id, the friends' for a multicast, or null: every friend (narrowcast). */
  to: string | string[] | null;
  messages: unknown[];
  /** `X-Line-Retry-Key`: the same on every attempt of one push. */
  retryKey: string;
}

/**
 * What became of a request. With a retry key, a request that may have reached LINE (a timeout,
 * a dropped connection) is safe to send again: LINE delivers a retry key once and answers 409
 * to the next, which counts as sent.
 */
export type PushMessageOutcome =
  /** `requestId`: LINE's `x-line-request-id` of an accepted request (its statistics). */
  { kind: 'sent'; requestId?: string } | LineRefusal;

/** LINE's `GET /v2/bot/message/progress/narrowcast` answer (null: LINE could not be asked). */
export interface NarrowcastProgress {
  phase: 'waiting' | 'sending' | 'succeeded' | 'failed';
  successCount?: number;
  failureCount?: number;
  targetCount?: number;
  failedDescription?: string;
  errorCode?: number;
}

export interface PushMessageSender {
  readonly mode: 'dry-run' | 'line';
  push(request: PushMessageRequest, accessToken: string): Promise<PushMessageOutcome>;
  /**
   * `POST /v2/bot/message/reply` with a friend's reply token (free, works once; decision 0254).
   * A refusal ('failed') means the token was stale or used: the caller pushes instead.
   */
  reply(replyToken: string, messages: unknown[], accessToken: string): Promise<PushMessageOutcome>;
  /** A narrowcast's progress (decision 0227); null when LINE did not answer it. */
  narrowcastProgress(requestId: string, accessToken: string): Promise<NarrowcastProgress | null>;
  close?(): Promise<void>;
}

async function outcomeOf(response: Dispatcher.ResponseData): Promise<PushMessageOutcome> {
  const status = response.statusCode;
  // 409: an earlier attempt with this retry key was accepted — delivered once, not again; LINE
  // names that request in x-line-accepted-request-id. 202: a narrowcast accepted.
  if (status === 200 || status === 202 || status === 409) {
    await response.body.dump().catch(() => undefined);
    const requestId =
      response.headers[status === 409 ? 'x-line-accepted-request-id' : 'x-line-request-id'];
    return typeof requestId === 'string' ? { kind: 'sent', requestId } : { kind: 'sent' };
  }
  return refusalOf(response, 'LINE がこの送信を許可しませんでした');
}

/** LINE's body of a push or a multicast (messaging-api.yml's request types). */
function lineBodyOf(
  request: PushMessageRequest,
): LinePushMessageRequest | LineMulticastRequest | { messages: unknown[] } {
  const messages = asLineMessages(request.messages);
  if (request.to === null) return { messages };
  return Array.isArray(request.to) ? { to: request.to, messages } : { to: request.to, messages };
}

const PHASES = new Set(['waiting', 'sending', 'succeeded', 'failed']);

/** LINE_PUSH_SENDER=line: the Messaging API over kept-alive connections (undici's Pool). */
export function createLinePushSender(options: {
  apiBase: string;
  timeoutMs: number;
}): PushMessageSender {
  const base = new URL(options.apiBase.replace(/\/+$/, '') + '/');
  const pushPath = new URL('v2/bot/message/push', base).pathname;
  const multicastPath = new URL('v2/bot/message/multicast', base).pathname;
  const replyPath = new URL('v2/bot/message/reply', base).pathname;
  const narrowcastPath = new URL('v2/bot/message/narrowcast', base).pathname;
  const progressPath = new URL('v2/bot/message/progress/narrowcast', base).pathname;
  const pool = new Pool(base.origin, { connections: 20 });
  return {
    mode: 'line',
    async push(request, accessToken) {
      try {
        const response = await pool.request({
          method: 'POST',
          path:
            request.to === null
              ? narrowcastPath
              : Array.isArray(request.to)
                ? multicastPath
                : pushPath,
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${accessToken}`,
            'x-line-retry-key': request.retryKey,
          },
          body: JSON.stringify(lineBodyOf(request)),
          headersTimeout: options.timeoutMs,
          bodyTimeout: options.timeoutMs,
        });
        return await outcomeOf(response);
      } catch (error) {
        // Not sent, or perhaps taken by LINE: either way the retry key makes sending again safe
        // (for 24 hours: decision 0187).
        const failure = requestFailure(error);
        return { kind: 'retry', reason: failure.reason, maybeTaken: !failure.notSent };
      }
    },
    async reply(replyToken, messages, accessToken) {
      try {
        const response = await pool.request({
          method: 'POST',
          path: replyPath,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
          body: JSON.stringify({ replyToken, messages: asLineMessages(messages) }),
          headersTimeout: options.timeoutMs,
          bodyTimeout: options.timeoutMs,
        });
        return await outcomeOf(response);
      } catch (error) {
        const failure = requestFailure(error);
        return { kind: 'retry', reason: failure.reason, maybeTaken: !failure.notSent };
      }
    },
    async narrowcastProgress(requestId, accessToken) {
      try {
        const response = await pool.request({
          method: 'GET',
          path: `${progressPath}?requestId=${encodeURIComponent(requestId)}`,
          headers: { authorization: `Bearer ${accessToken}` },
          headersTimeout: options.timeoutMs,
          bodyTimeout: options.timeoutMs,
        });
        if (response.statusCode !== 200) {
          await response.body.dump().catch(() => undefined);
          return null;
        }
        const body = (await response.body.json()) as NarrowcastProgress;
        return PHASES.has(body?.phase) ? body : null;
      } catch {
        return null;
      }
    },
    close: () => pool.close(),
  };
}

/** LINE_PUSH_SENDER=dry-run: logged and marked sent, never sent. */
export function createDryRunPushSender(
  log: (entry: Record<string, unknown>, message: string) => void,
): PushMessageSender {
  return {
    mode: 'dry-run',
    async push(request) {
      log(
        {
          to:
            request.to === null
              ? 'every friend (narrowcast)'
              : Array.isArray(request.to)
                ? `${request.to.length} friends`
                : `${request.to.slice(0, 8)}…`,
          messages: request.messages.length,
        },
        'line push dry-run: not sent',
      );
      return { kind: 'sent' };
    },
    async reply(_replyToken, messages) {
      log({ messages: messages.length }, 'line reply dry-run: not sent');
      return { kind: 'sent' };
    },
    // Nothing was sent: no request id, so no progress is ever asked for.
    narrowcastProgress: async () => null,
  };
}
