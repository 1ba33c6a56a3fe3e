import type { TelSender } from '@tsunagu/contracts';

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
  | { kind: 'unknown'; reason: string };

export interface Sender {
  readonly mode: TelSender;
  push(request: PushRequest): Promise<PushOutcome>;
}

export interface LineSenderOptions {
  apiBase: string;
  accessToken: string;
  timeoutMs: number;
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
  const cause = (error as { cause?: { code?: string; errors?: { code?: string }[] } }).cause;
  return cause?.code ?? cause?.errors?.[0]?.code;
}

async function lineMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' ? `: ${body.message.slice(0, 200)}` : '';
  } catch {
    return '';
  }
}

function retryAfterMs(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

/** The real sender: LINE Messaging API, notification messages (flexible). */
export function createLineSender(options: LineSenderOptions): Sender {
  const url = `${options.apiBase.replace(/\/+$/, '')}/bot/pnp/push`;
  return {
    mode: 'line',
    async push(request) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${options.accessToken}`,
            'x-line-delivery-tag': request.deliveryTag,
          },
          body: JSON.stringify({ to: request.to, messages: request.messages }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        const code = errorCode(error);
        if (code && NOT_SENT_CODES.has(code)) {
          return { kind: 'retry', reason: `LINE に接続できませんでした（${code}）` };
        }
        const timedOut = (error as { name?: string }).name === 'TimeoutError';
        return {
          kind: 'unknown',
          reason: timedOut
            ? '送信結果不明（LINE から応答がありませんでした）'
            : `送信結果不明（通信が途切れました${code ? `: ${code}` : ''}）`,
        };
      }
      const status = response.status;
      if (status === 200 || status === 202) {
        // Read the body to the end so the keep-alive connection is reused (cancel closes it).
        await response.arrayBuffer().catch(() => undefined);
        return { kind: 'sent' };
      }
      const detail = await lineMessage(response);
      if (status === 422) {
        return { kind: 'cannot', reason: `LINE が送信できない宛先です（422${detail}）` };
      }
      if (status === 429) {
        const after = retryAfterMs(response);
        return {
          kind: 'retry',
          reason: `LINE の送信上限に達しました（429${detail}）`,
          ...(after === undefined ? {} : { retryAfterMs: after }),
        };
      }
      if (status >= 500)
        return { kind: 'retry', reason: `LINE のサーバーエラー（${status}${detail}）` };
      if (status === 401) {
        return { kind: 'failed', reason: `チャネルアクセストークンが無効です（401${detail}）` };
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
