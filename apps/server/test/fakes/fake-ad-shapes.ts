import type { IncomingHttpHeaders } from 'node:http';

/**
 * The request shapes the three conversion endpoints accept, as their own references state them
 * (decision 0485). Each check answers the first problem found, or null when the request is valid.
 */
type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  !!value && typeof value === 'object' && !Array.isArray(value);
const unknownKey = (value: Json, allowed: string[]) =>
  Object.keys(value).find((key) => !allowed.includes(key));
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** LINE Conversion API v1 `ConversionApiRequest[]` (conversion-api-docs.linebiz.com). */
export function lineProblem(headers: IncomingHttpHeaders, body: unknown): string | null {
  if (headers['transfer-encoding'] === 'chunked') return 'Transfer-Encoding: chunked';
  if (!Array.isArray(body) || body.length === 0 || body.length > 100_000)
    return 'the body is not an array of events';
  for (const item of body) {
    if (!isObject(item)) return 'an event is not an object';
    const extra = unknownKey(item, ['web', 'event', 'user', 'custom']);
    if (extra) return `unknown field ${extra}`;
    const { event, user, custom } = item;
    if (!isObject(event) || !isObject(user)) return 'event and user are required';
    const eventExtra = unknownKey(event, [
      'deduplication_key',
      'event_type',
      'event_name',
      'source_type',
      'event_timestamp',
      'test_flag',
    ]);
    if (eventExtra) return `unknown field event.${eventExtra}`;
    if (event.source_type !== 'web') return 'event.source_type';
    if (event.event_type !== 'conversion' && event.event_type !== 'page_view')
      return 'event.event_type';
    if (
      typeof event.deduplication_key !== 'string' ||
      !/^[0-9a-zA-Z_-]{1,256}$/.test(event.deduplication_key)
    )
      return 'event.deduplication_key';
    const at = event.event_timestamp;
    if (
      !Number.isInteger(at) ||
      (at as number) < nowSeconds() - 90 * 86_400 ||
      (at as number) > nowSeconds() + 86_400
    )
      return 'event.event_timestamp';
    if (event.event_name !== undefined && !/^[A-Za-z0-9_-]{1,20}$/.test(String(event.event_name)))
      return 'event.event_name';
    if (event.test_flag !== undefined && typeof event.test_flag !== 'boolean')
      return 'event.test_flag';
    const userExtra = unknownKey(user, [
      'line_uid',
      'click_id',
      'phone',
      'email',
      'ifa',
      'browser_id',
      'external_id',
    ]);
    if (userExtra) return `unknown field user.${userExtra}`;
    if (user.line_uid !== undefined) {
      if (!/^U[0-9a-f]{32}$/.test(String(user.line_uid))) return 'user.line_uid';
      if (!/^[0-9]+$/.test(String(headers['x-line-channelid'] ?? '')))
        return 'X-Line-ChannelID is required with user.line_uid';
    }
    if (user.click_id !== undefined && !/^[a-zA-Z0-9_-]+$/.test(String(user.click_id)))
      return 'user.click_id';
    for (const hashed of ['phone', 'email'] as const)
      if (user[hashed] !== undefined && !/^[0-9a-f]{64}$/.test(String(user[hashed])))
        return `user.${hashed}`;
    if (custom !== undefined) {
      if (!isObject(custom)) return 'custom';
      const value = custom.value;
      if (value !== undefined && (typeof value !== 'number' || value < 0 || value > 2_147_483_647))
        return 'custom.value';
      if (custom.currency !== undefined && !/^[A-Z]{3}$/.test(String(custom.currency)))
        return 'custom.currency';
    }
  }
  return null;
}

const META_ACTION_SOURCES = [
  'email',
  'website',
  'app',
  'phone_call',
  'chat',
  'physical_store',
  'system_generated',
  'business_messaging',
  'other',
];

/** Meta Conversions API server events (developers.facebook.com/docs/marketing-api/conversions-api). */
export function metaProblem(body: unknown): string | null {
  if (!isObject(body)) return 'The parameter data is required';
  if (typeof body.access_token !== 'string' || body.access_token === '')
    return 'An access token is required to request this resource.';
  const data = body.data;
  if (!Array.isArray(data) || data.length === 0 || data.length > 1000)
    return 'The parameter data is required';
  for (const event of data) {
    if (!isObject(event)) return 'Invalid parameter: data';
    if (typeof event.event_name !== 'string' || event.event_name === '')
      return 'event_name is required';
    const at = event.event_time;
    if (!Number.isInteger(at) || (at as number) < nowSeconds() - 7 * 86_400)
      return 'event_time is more than 7 days in the past';
    if (typeof event.event_id !== 'string') return 'event_id must be a string';
    if (!META_ACTION_SOURCES.includes(String(event.action_source))) return 'Invalid action_source';
    const user = event.user_data;
    if (!isObject(user) || Object.keys(user).length === 0)
      return 'user_data must contain at least one customer information parameter';
    if (user.fbc !== undefined && !/^fb\.[0-9]\.\d{13}\..+$/.test(String(user.fbc)))
      return 'fbc is not in the format fb.{subdomainIndex}.{creationTime}.{fbclid}';
    if (user.external_id !== undefined && typeof user.external_id !== 'string')
      return 'external_id must be a string';
    const custom = event.custom_data;
    if (custom !== undefined) {
      if (!isObject(custom)) return 'custom_data';
      if (custom.value !== undefined && typeof custom.value !== 'number')
        return 'custom_data.value';
      if (custom.currency !== undefined && !/^[A-Za-z]{3}$/.test(String(custom.currency)))
        return 'custom_data.currency';
    }
  }
  return null;
}

const GOOGLE_CONVERSION_FIELDS = [
  'gclid',
  'gbraid',
  'wbraid',
  'conversionAction',
  'conversionDateTime',
  'conversionValue',
  'currencyCode',
  'orderId',
  'externalAttributionData',
  'cartData',
  'userIdentifiers',
  'consent',
  'customVariables',
  'conversionEnvironment',
  'sessionAttributesEncoded',
  'sessionAttributesKeyValuePairs',
  'userIpAddress',
];

/** Google Ads REST `UploadClickConversionsRequest` (field names in lowerCamelCase). */
export function googleProblem(
  customer: string,
  headers: IncomingHttpHeaders,
  body: unknown,
): { status: number; message: string; code: Record<string, string> } | null {
  if (!/^Bearer .+/.test(String(headers.authorization ?? '')))
    return {
      status: 401,
      message: 'Request is missing required authentication credential.',
      code: { authenticationError: 'NOT_ADS_USER' },
    };
  if (!headers['developer-token'])
    return {
      status: 401,
      message: 'The developer token is not valid.',
      code: { authenticationError: 'DEVELOPER_TOKEN_INVALID' },
    };
  const invalid = (message: string) => ({
    status: 400,
    message,
    code: { requestError: 'INVALID_INPUT' },
  });
  if (
    headers['login-customer-id'] !== undefined &&
    !/^\d{10}$/.test(String(headers['login-customer-id']))
  )
    return invalid('Invalid login-customer-id.');
  if (!isObject(body)) return invalid('Invalid JSON payload received.');
  const extra = unknownKey(body, [
    'conversions',
    'partialFailure',
    'validateOnly',
    'debugEnabled',
    'jobId',
  ]);
  if (extra)
    return invalid(`Invalid JSON payload received. Unknown name "${extra}": Cannot find field.`);
  if (body.partialFailure !== true)
    return invalid('partial_failure must be true for uploadClickConversions.');
  const conversions = body.conversions;
  if (!Array.isArray(conversions) || conversions.length === 0 || conversions.length > 2000)
    return invalid('The required field conversions was not present.');
  for (const conversion of conversions) {
    if (!isObject(conversion)) return invalid('Invalid conversion.');
    const unknown = unknownKey(conversion, GOOGLE_CONVERSION_FIELDS);
    if (unknown)
      return invalid(
        `Invalid JSON payload received. Unknown name "${unknown}" at 'conversions[0]': Cannot find field.`,
      );
    const ids = ['gclid', 'gbraid', 'wbraid'].filter((key) => conversion[key] !== undefined);
    if (ids.length !== 1)
      return {
        status: 400,
        message: 'Exactly one of gclid, gbraid or wbraid must be set.',
        code: { conversionUploadError: 'GBRAID_WBRAID_BOTH_SET' },
      };
    if (
      !new RegExp(`^customers/${customer}/conversionActions/\\d+$`).test(
        String(conversion.conversionAction),
      )
    )
      return invalid('The conversion action resource name is malformed.');
    if (
      !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/.test(
        String(conversion.conversionDateTime),
      )
    )
      return invalid('conversion_date_time must be "yyyy-mm-dd hh:mm:ss+|-hh:mm".');
    if (conversion.orderId !== undefined && typeof conversion.orderId !== 'string')
      return invalid('order_id must be a string.');
    if (
      conversion.currencyCode !== undefined &&
      !/^[A-Z]{3}$/.test(String(conversion.currencyCode))
    )
      return invalid('currency_code is not valid.');
  }
  return null;
}
