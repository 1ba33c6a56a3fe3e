import { phoneDigest } from '../../lib/phone-digest.js';

/**
 * What the dispatcher sends: the template body with the message's parameters, the hashed
 * destination, and the delivery tag LINE returns in the delivery webhook.
 */

const PLACEHOLDER = /\[param_(\d+)\]/g;

function replaceIn(value: unknown, params: Record<string, string>): unknown {
  if (typeof value === 'string') {
    return value.replace(PLACEHOLDER, (_match, n: string) => params[`param_${n}`] ?? '');
  }
  if (Array.isArray(value)) return value.map((item) => replaceIn(item, params));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, replaceIn(item, params)]),
    );
  }
  return value;
}

/**
 * The LINE messages of a template with `[param_N]` replaced. The template is parsed first and
 * the values are put into its strings, so a value holding `"`, `\` or a newline can never
 * break the JSON (it is escaped when the request body is serialised). A missing parameter is
 * an empty string. Throws when the body is not JSON.
 */
export function renderMessages(body: string, params: Record<string, string>): unknown[] {
  const rendered = replaceIn(JSON.parse(body) as unknown, params);
  return Array.isArray(rendered) ? rendered : [rendered];
}

/** LINE's `to`: SHA-256 (lowercase hex) of the E.164 number, e.g. `+818000001234`. */
export function hashPhone(e164: string): string {
  return phoneDigest(e164);
}

const TAG_PREFIX = 'tsunagu-tel-';

/** X-Line-Delivery-Tag (16–100 characters): our message id, zero-padded. */
export function deliveryTag(messageId: number): string {
  return `${TAG_PREFIX}${String(messageId).padStart(8, '0')}`;
}

export function messageIdFromTag(tag: string): number | null {
  if (!tag.startsWith(TAG_PREFIX)) return null;
  const digits = tag.slice(TAG_PREFIX.length);
  if (!/^\d{8,18}$/.test(digits)) return null;
  const id = Number(digits);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
