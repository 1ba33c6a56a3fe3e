import { createHash } from 'node:crypto';
import type { AdPlatform } from '@tsunagu/contracts';

/** What a queued conversion carries (decided when it is queued, decision 0442). */
export interface ConversionPayload {
  /** The platform's event name (LINE, Meta) or conversion action id (Google). */
  name: string;
  value: number | null;
  /** When it happened (ISO). */
  occurredAt: string;
  lineUserId: string | null;
  ldtagCl: string | null;
  fbclid: string | null;
  /** When the fbclid's click happened (ISO): `fbc` carries it in ms. */
  fbclidAt: string | null;
  gclid: string | null;
  gbraid: string | null;
  wbraid: string | null;
}

/** The platform's ids and opened secrets of one connection. */
export interface OpenConnection {
  platform: AdPlatform;
  settings: Record<string, string>;
  /** LINE, Meta: the access token; Google: an OAuth access token fetched for this send. */
  token: string;
  /** Google: the developer token. */
  developerToken?: string;
}

export interface Bases {
  line: string;
  meta: string;
  google: string;
}

export interface PlatformRequest {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

/** "yyyy-mm-dd hh:mm:ss+09:00" in Tokyo time, as Google Ads wants it. */
export function tokyoDateTime(iso: string): string {
  const tokyo = new Date(new Date(iso).getTime() + 9 * 3600_000);
  return `${tokyo.toISOString().slice(0, 19).replace('T', ' ')}+09:00`;
}

/** Meta's click id cookie value: fb.1.{click time in ms}.{fbclid}. */
export function fbcOf(fbclid: string, clickedAt: string): string {
  return `fb.1.${new Date(clickedAt).getTime()}.${fbclid}`;
}

/**
 * One conversion as the platform's request (decision 0443). The dedup key is the platform's own
 * de-duplication field — LINE `deduplication_key`, Meta `event_id`, Google `order_id` — so a
 * retried request is counted once.
 */
export function platformRequest(
  bases: Bases,
  connection: OpenConnection,
  dedupKey: string,
  payload: ConversionPayload,
): PlatformRequest {
  const json = { 'content-type': 'application/json' };
  if (connection.platform === 'line') {
    const user: Record<string, string> = {};
    if (payload.ldtagCl) user.click_id = payload.ldtagCl;
    if (payload.lineUserId) user.line_uid = payload.lineUserId;
    return {
      url: `${bases.line}/v1/${encodeURIComponent(connection.settings.tag_id ?? '')}/events`,
      headers: { ...json, authorization: `Bearer ${connection.token}` },
      body: {
        events: [
          {
            event: {
              event_type: 'conversion',
              event_name: payload.name,
              deduplication_key: dedupKey,
              event_timestamp: seconds(payload.occurredAt),
              source_type: 'web',
            },
            user,
            ...(payload.value === null
              ? {}
              : { custom: { value: payload.value, currency: 'JPY' } }),
          },
        ],
      },
    };
  }
  if (connection.platform === 'meta') {
    const userData: Record<string, string> = {};
    if (payload.fbclid && payload.fbclidAt) userData.fbc = fbcOf(payload.fbclid, payload.fbclidAt);
    if (payload.lineUserId) userData.external_id = sha256(payload.lineUserId);
    const testCode = connection.settings.test_event_code;
    return {
      url: `${bases.meta}/v21.0/${encodeURIComponent(connection.settings.dataset_id ?? '')}/events`,
      headers: json,
      body: {
        access_token: connection.token,
        data: [
          {
            event_name: payload.name,
            event_time: seconds(payload.occurredAt),
            event_id: dedupKey,
            action_source: 'system_generated',
            user_data: userData,
            ...(payload.value === null
              ? {}
              : { custom_data: { value: payload.value, currency: 'JPY' } }),
          },
        ],
        ...(testCode ? { test_event_code: testCode } : {}),
      },
    };
  }
  const customer = connection.settings.customer_id ?? '';
  const login = connection.settings.login_customer_id;
  const click: Record<string, string> = payload.gclid
    ? { gclid: payload.gclid }
    : payload.gbraid
      ? { gbraid: payload.gbraid }
      : payload.wbraid
        ? { wbraid: payload.wbraid }
        : {};
  return {
    url: `${bases.google}/v18/customers/${customer}:uploadClickConversions`,
    headers: {
      ...json,
      authorization: `Bearer ${connection.token}`,
      'developer-token': connection.developerToken ?? '',
      ...(login ? { 'login-customer-id': login } : {}),
    },
    body: {
      conversions: [
        {
          ...click,
          conversion_action: `customers/${customer}/conversionActions/${payload.name}`,
          conversion_date_time: tokyoDateTime(payload.occurredAt),
          order_id: dedupKey,
          ...(payload.value === null
            ? {}
            : { conversion_value: payload.value, currency_code: 'JPY' }),
        },
      ],
      partial_failure: true,
    },
  };
}
