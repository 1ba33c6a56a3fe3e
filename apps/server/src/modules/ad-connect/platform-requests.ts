import { createHash } from 'node:crypto';
import type { AdEventKind, AdPlatform } from '@tsunagu/contracts';

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
  /** LINE: the account's Messaging API channel id, the issuer of its friends' user ids. */
  lineChannelId?: string | null;
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

/** The versions current in 2026-11 (decision 0485). */
export const META_GRAPH_VERSION = 'v26.0';
export const GOOGLE_ADS_VERSION = 'v26';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);
const json = { 'content-type': 'application/json' };

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
 * Meta's `action_source` for our events: a friend added or a booking made in LINE happened in a
 * messaging app (`chat`); a visit or an attendance happened in person (`physical_store`).
 */
export function metaActionSource(event: AdEventKind): 'chat' | 'physical_store' {
  return event === 'salon_visited' || event === 'event_attended' ? 'physical_store' : 'chat';
}

/**
 * LINE Conversion API v1: `POST /v1/{tag}/events`, the token in `X-Line-TagAccessToken`, a JSON
 * array of events. A LINE user id is sent only with `X-Line-ChannelID` (the channel that issued it).
 */
function lineRequest(
  base: string,
  connection: OpenConnection,
  dedupKey: string,
  payload: ConversionPayload,
): PlatformRequest {
  const user: Record<string, string> = {};
  if (payload.ldtagCl) user.click_id = payload.ldtagCl;
  const channelId = connection.lineChannelId;
  if (payload.lineUserId && channelId) user.line_uid = payload.lineUserId;
  return {
    url: `${base}/v1/${encodeURIComponent(connection.settings.tag_id ?? '')}/events`,
    headers: {
      ...json,
      'x-line-tagaccesstoken': connection.token,
      ...(user.line_uid && channelId ? { 'x-line-channelid': channelId } : {}),
    },
    body: [
      {
        event: {
          source_type: 'web',
          event_type: 'conversion',
          event_name: payload.name,
          deduplication_key: dedupKey,
          event_timestamp: seconds(payload.occurredAt),
          ...(connection.settings.test_mode === '1' ? { test_flag: true } : {}),
        },
        user,
        ...(payload.value === null ? {} : { custom: { value: payload.value, currency: 'JPY' } }),
      },
    ],
  };
}

/** Meta Conversions API: `POST /{version}/{dataset}/events`, `data` and `access_token`. */
function metaRequest(
  base: string,
  connection: OpenConnection,
  dedupKey: string,
  payload: ConversionPayload,
  event: AdEventKind,
): PlatformRequest {
  const userData: Record<string, string> = {};
  if (payload.fbclid && payload.fbclidAt) userData.fbc = fbcOf(payload.fbclid, payload.fbclidAt);
  if (payload.lineUserId) userData.external_id = sha256(payload.lineUserId);
  const testCode = connection.settings.test_event_code;
  const dataset = encodeURIComponent(connection.settings.dataset_id ?? '');
  return {
    url: `${base}/${META_GRAPH_VERSION}/${dataset}/events`,
    headers: json,
    body: {
      data: [
        {
          event_name: payload.name,
          event_time: seconds(payload.occurredAt),
          event_id: dedupKey,
          action_source: metaActionSource(event),
          user_data: userData,
          ...(payload.value === null
            ? {}
            : { custom_data: { value: payload.value, currency: 'JPY' } }),
        },
      ],
      ...(testCode ? { test_event_code: testCode } : {}),
      access_token: connection.token,
    },
  };
}

/** Google Ads REST `customers/{id}:uploadClickConversions` (JSON field names in lowerCamelCase). */
function googleRequest(
  base: string,
  connection: OpenConnection,
  dedupKey: string,
  payload: ConversionPayload,
): PlatformRequest {
  const customer = connection.settings.customer_id ?? '';
  const login = connection.settings.login_customer_id;
  // Exactly one click identifier per conversion: gclid first, else gbraid, else wbraid.
  const click: Record<string, string> = payload.gclid
    ? { gclid: payload.gclid }
    : payload.gbraid
      ? { gbraid: payload.gbraid }
      : payload.wbraid
        ? { wbraid: payload.wbraid }
        : {};
  return {
    url: `${base}/${GOOGLE_ADS_VERSION}/customers/${customer}:uploadClickConversions`,
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
          conversionAction: `customers/${customer}/conversionActions/${payload.name}`,
          conversionDateTime: tokyoDateTime(payload.occurredAt),
          orderId: dedupKey,
          ...(payload.value === null
            ? {}
            : { conversionValue: payload.value, currencyCode: 'JPY' }),
        },
      ],
      partialFailure: true,
    },
  };
}

/**
 * One conversion as the platform's request (decisions 0443, 0485). The dedup key is the platform's
 * own de-duplication field — LINE `deduplication_key`, Meta `event_id`, Google `orderId` — so a
 * retried request is counted once.
 */
export function platformRequest(
  bases: Bases,
  connection: OpenConnection,
  dedupKey: string,
  payload: ConversionPayload,
  event: AdEventKind,
): PlatformRequest {
  if (connection.platform === 'line') return lineRequest(bases.line, connection, dedupKey, payload);
  if (connection.platform === 'meta')
    return metaRequest(bases.meta, connection, dedupKey, payload, event);
  return googleRequest(bases.google, connection, dedupKey, payload);
}
