import { fieldErrorsFromIssues, MESSAGES, SALON_COMMON_MESSAGES } from '@tsunagu/contracts';
import type { z } from 'zod';
import { ValidationError } from './errors.js';

/**
 * Validates a value whose schema depends on the request (PATCH ?attr=, PUT /configs/{type})
 * and so cannot be declared on the route. Failures become the same 422 shape as route
 * validation, with field paths under `field`.
 */
export function parseOr422<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  field: string,
): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = fieldErrorsFromIssues(result.error.issues, { prefix: field, whole: 'body' });
  throw new ValidationError(MESSAGES.validationFailed, errors);
}

/** A 422 naming one field. */
export function fieldError(field: string, message: string): ValidationError {
  return new ValidationError(MESSAGES.validationFailed, { [field]: [message] });
}

/**
 * The one new value of a PATCH `?attr=` call (RSV-20/26), checked with that attribute's own
 * schema from the input shape: `{ [attr]: value }`, or a 422 naming `value` / `attr`.
 */
export function patchValue<Shape extends Record<string, z.ZodType>>(
  shape: Shape,
  attr: keyof Shape & string,
  body: { value?: unknown },
) {
  if (body.value === undefined) throw fieldError('value', SALON_COMMON_MESSAGES.invalidAttrValue);
  const schema = shape[attr];
  if (!schema) throw fieldError('attr', SALON_COMMON_MESSAGES.invalidAttrValue);
  return { [attr]: parseOr422(schema, body.value, 'value') };
}
