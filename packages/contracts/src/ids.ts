import { z } from 'zod';

/**
 * Every id of the API is a PostgreSQL `integer` (serial) column: 1 … 2,147,483,647. One
 * definition for path, query and body ids, so no id outside the column's range ever reaches
 * the database (it would refuse it, and the caller would see a 500 instead of a 422/404).
 */
export const MAX_ID = 2_147_483_647;

export const ID_MESSAGES = {
  invalid: `IDは1〜${MAX_ID}の整数で指定してください`,
  list: `IDはカンマ区切りの整数（1〜${MAX_ID}）で指定してください`,
  tooMany: (max: number) => `IDは${max}件までです`,
} as const;

/** An id in a JSON body. */
export const idSchema = z
  .number({ error: ID_MESSAGES.invalid })
  .int({ error: ID_MESSAGES.invalid })
  .min(1, { error: ID_MESSAGES.invalid })
  .max(MAX_ID, { error: ID_MESSAGES.invalid });

/** Digits only, no sign, no leading zero, no exponent ("1e3"), no spaces, at most 10 digits. */
const ID_TEXT = /^[1-9]\d{0,9}$/;

/** True when `text` is an id as paths and queries write it (the salon scope uses this too). */
export function isIdText(text: string): boolean {
  return ID_TEXT.test(text) && Number(text) <= MAX_ID;
}

/**
 * How the OpenAPI document states an id of a path or a query: an integer in the column's range.
 * The router reads the text; the validation above refuses anything else (422, or 404 from the
 * salon scope) — 0, -1, 2,147,483,648 and 2^63 alike.
 */
export const ID_PARAM_DOCUMENT = {
  type: 'integer',
  format: 'int32',
  minimum: 1,
  maximum: MAX_ID,
} as const;

/** An id in a path or a query string. */
export const idParam = z
  .string({ error: ID_MESSAGES.invalid })
  .refine(isIdText, { error: ID_MESSAGES.invalid })
  .transform(Number)
  .meta(ID_PARAM_DOCUMENT);

/** `?ids=1,2,3`: distinct ids, in the order given, at most `max`. */
export function idListParam(max: number) {
  return z
    .string({ error: ID_MESSAGES.list })
    .refine((value) => value.split(',').every(isIdText), { error: ID_MESSAGES.list })
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .refine((ids) => ids.length <= max, { error: ID_MESSAGES.tooMany(max) })
    .meta({
      type: 'string',
      pattern: '^[1-9]\\d{0,9}(,[1-9]\\d{0,9})*$',
      description: `カンマ区切りの ID（各 1〜${MAX_ID}、${max} 件まで）`,
    });
}

/**
 * A reference id that the spec allows to be "none" (RSV-58/59): null, absent, 0 or a negative
 * number mean none (stored as null); a positive id must fit the column.
 */
export const optionalRefIdSchema = z
  .number({ error: ID_MESSAGES.invalid })
  .int({ error: ID_MESSAGES.invalid })
  .max(MAX_ID, { error: ID_MESSAGES.invalid })
  .nullable()
  .optional()
  .transform((value) => (value && value > 0 ? value : null));
