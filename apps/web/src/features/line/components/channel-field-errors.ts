import type { FieldErrors } from '@tsunagu/contracts';
import type { z } from 'zod';
import { errorText, isApiError } from '@/lib/api-error';

export const CHANNEL_FIELDS = [
  'channel_id',
  'channel_secret',
  'channel_access_token',
  'pnp_enabled',
  'login_channel_id',
  'login_channel_secret',
  'liff_id',
  'tracker_liff_id',
] as const;
export type ChannelField = (typeof CHANNEL_FIELDS)[number];
export type ChannelFormErrors = Partial<Record<ChannelField, string[]>>;

const isChannelField = (key: string): key is ChannelField =>
  (CHANNEL_FIELDS as readonly string[]).includes(key);

/** Errors the form shows beside a field, and the rest (e.g. `line`) for the form's own alert. */
export function splitChannelErrors(fieldErrors: FieldErrors): {
  fields: ChannelFormErrors;
  other: string[];
} {
  const fields: ChannelFormErrors = {};
  const other: string[] = [];
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const key = path.split('.')[0] ?? '';
    if (isChannelField(key)) fields[key] = [...(fields[key] ?? []), ...messages];
    else other.push(...messages);
  }
  return { fields, other };
}

/** The field errors of a failed call (422), else none. */
export function serverChannelErrors(error: unknown) {
  return splitChannelErrors(isApiError(error) ? error.fieldErrors : {});
}

export function zodChannelErrors(error: z.ZodError): ChannelFormErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return splitChannelErrors(fieldErrors).fields;
}

/**
 * What a button's failed call says: LINE's refusal when the server passed it on as a field
 * error (`line`: the webhook URL LINE would not take), else the error's own message.
 */
export function actionErrorText(error: unknown): string {
  const named = isApiError(error) ? Object.values(error.fieldErrors).flat() : [];
  return named.length > 0 ? named.join('\n') : errorText(error);
}
