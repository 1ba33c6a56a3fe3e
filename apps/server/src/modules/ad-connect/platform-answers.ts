import type { AdPlatform } from '@tsunagu/contracts';

export type Outcome =
  | { kind: 'sent' }
  | { kind: 'rejected'; reason: string }
  | { kind: 'unauthorized'; reason: string }
  | { kind: 'retry'; reason: string };

type Json = Record<string, unknown>;
const parse = (text: string): Json | null => {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as Json) : null;
  } catch {
    return null;
  }
};
const asObject = (value: unknown): Json =>
  value && typeof value === 'object' ? (value as Json) : {};
const shorten = (text: string) => text.slice(0, 500);

/** A generic reason: `error` (string or `{ message }`) or `message`, else the text. */
export function reasonOf(text: string): string {
  const json = parse(text);
  const error = json?.error;
  if (typeof error === 'string') return error;
  const message = asObject(error).message ?? json?.message;
  return typeof message === 'string' ? message : shorten(text);
}

/** Google's GoogleAdsFailure errors inside a Status (`details[].errors[]`). */
function googleErrors(status: unknown): { codes: string[]; message: string } {
  const details = asObject(status).details;
  const errors = (Array.isArray(details) ? details : []).flatMap((detail) => {
    const list = asObject(detail).errors;
    return Array.isArray(list) ? list.map(asObject) : [];
  });
  const codes = errors.flatMap((error) => Object.values(asObject(error.errorCode)).map(String));
  const messages = errors.map((error) => error.message).filter((m) => typeof m === 'string');
  const fallback = asObject(status).message;
  return {
    codes,
    message: messages.length ? messages.join(' / ') : typeof fallback === 'string' ? fallback : '',
  };
}

/** Google refusing a conversion it already has: the earlier attempt was counted. */
const GOOGLE_ALREADY = new Set(['CLICK_CONVERSION_ALREADY_EXISTS', 'ORDER_ID_ALREADY_IN_USE']);

function lineOutcome(status: number, text: string): Outcome {
  // LINE answers 202, 400, 401 and 500 with no body (decision 0485).
  const reason = text.trim() ? shorten(text) : `LINE広告の応答 ${status}（理由の本文なし）`;
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 401 || status === 403) return { kind: 'unauthorized', reason };
  if (status >= 500 || status === 408 || status === 429) return { kind: 'retry', reason };
  return { kind: 'rejected', reason };
}

/** Graph API error codes: a token or permission (the connection), or a passing limit. */
const META_AUTH_CODES = new Set([102, 190, 10]);
const META_TRANSIENT_CODES = new Set([1, 2, 4, 17, 32, 341, 613]);

function metaOutcome(status: number, text: string): Outcome {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  const error = asObject(parse(text)?.error);
  const code = typeof error.code === 'number' ? error.code : null;
  const message = [error.error_user_msg, error.message].find((m) => typeof m === 'string');
  const reason = typeof message === 'string' ? message : shorten(text);
  if (status === 401 || status === 403 || (code !== null && META_AUTH_CODES.has(code)))
    return { kind: 'unauthorized', reason };
  if (code !== null && code >= 200 && code < 300) return { kind: 'unauthorized', reason };
  if (
    status >= 500 ||
    status === 408 ||
    status === 429 ||
    error.is_transient === true ||
    (code !== null && META_TRANSIENT_CODES.has(code))
  )
    return { kind: 'retry', reason };
  return { kind: 'rejected', reason };
}

function googleOutcome(status: number, text: string): Outcome {
  const json = parse(text);
  if (status >= 200 && status < 300) {
    const partial = json?.partialFailureError;
    if (!partial) return { kind: 'sent' };
    const { codes, message } = googleErrors(partial);
    if (codes.length > 0 && codes.every((code) => GOOGLE_ALREADY.has(code)))
      return { kind: 'sent' };
    return { kind: 'rejected', reason: message || shorten(text) };
  }
  const { message } = googleErrors(json?.error);
  const reason = message || reasonOf(text);
  if (status === 401 || status === 403) return { kind: 'unauthorized', reason };
  if (status >= 500 || status === 408 || status === 429) return { kind: 'retry', reason };
  return { kind: 'rejected', reason };
}

/**
 * What a platform's answer means for one conversion (decision 0485): sent, 拒否 with the
 * platform's own reason, the connection's credentials refused (エラー), or try again later.
 */
export function outcomeOf(platform: AdPlatform, status: number, text: string): Outcome {
  if (platform === 'line') return lineOutcome(status, text);
  if (platform === 'meta') return metaOutcome(status, text);
  return googleOutcome(status, text);
}
