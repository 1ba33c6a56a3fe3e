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
  /** The friend's LINE user id, or the friends' for a multicast. */
  to: string | string[];
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

export interface PushMessageSender {
  readonly mode: 'dry-run' | 'line';
  push(request: PushMessageRequest, accessToken: string): Promise<PushMessageOutcome>;
  /**
   * `POST /v2/bot/message/reply` with a friend's reply token (free, works once; decision 0254).
   * A refusal ('failed') means the token was stale or used: the caller pushes instead.
   */
  reply(replyToken: string, messages: unknown[], accessToken: string): Promise<PushMessageOutcome>;
  close?(): Promise<void>;
}

async function outcomeOf(response: Dispatcher.ResponseData): Promise<PushMessageOutcome> {
  const status = response.statusCode;
  // 409: an earlier attempt with this retry key was accepted — delivered once, not again.
  if (status === 200 || status === 409) {
    await response.body.dump().catch(() => undefined);
    const requestId = response.headers['x-line-request-id'];
    return status === 200 && typeof requestId === 'string'
      ? { kind: 'sent', requestId }
      : { kind: 'sent' };
  }
  return refusalOf(response, 'LINE がこの送信を許可しませんでした');
}

/** LINE's body of a push or a multicast (messaging-api.yml's request types). */
function lineBodyOf(request: PushMessageRequest): LinePushMessageRequest | LineMulticastRequest {
  const messages = asLineMessages(request.messages);
  return Array.isArray(request.to) ? { to: request.to, messages } : { to: request.to, messages };
}

/** LINE_PUSH_SENDER=line: the Messaging API over kept-alive connections (undici's Pool). */
export function createLinePushSender(options: {
  apiBase: string;
  timeoutMs: number;
}): PushMessageSender {
  const base = new URL(options.apiBase.replace(/\/+$/, '') + '/');
  const pushPath = new URL('v2/bot/message/push', base).pathname;
  const multicastPath = new URL('v2/bot/message/multicast', base).pathname;
  const replyPath = new URL('v2/bot/message/reply', base).pathname;
  const pool = new Pool(base.origin, { connections: 20 });
  return {
    mode: 'line',
    async push(request, accessToken) {
      try {
        const response = await pool.request({
          method: 'POST',
          path: Array.isArray(request.to) ? multicastPath : pushPath,
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
          to: Array.isArray(request.to)
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
  };
}
