import { MESSAGES, type FieldErrors } from './errors.js';

/** What a field error is made from: a zod issue, or Fastify's copy of one. */
export type FieldIssue = {
  readonly path: readonly PropertyKey[];
  readonly message?: string | undefined;
};

export type FieldErrorsOptions = {
  /** Put in front of every path, e.g. `value` for the value of a PATCH `?attr=` call. */
  prefix?: string;
  /** The key of an issue about the whole input (empty path), e.g. `body`; else `''`. */
  whole?: string;
};

/**
 * The one conversion of validation issues into the API's field errors (docs/ARCHITECTURE.md
 * "Errors"): dotted paths (`items.0.name`) → the issues' own (Japanese) messages, in order.
 * The server builds its 422 bodies with it and the console its client-side form errors, so
 * both name a field the same way.
 */
export function fieldErrorsFromIssues(
  issues: readonly FieldIssue[],
  { prefix = '', whole = '' }: FieldErrorsOptions = {},
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || whole;
    (errors[key] ??= []).push(issue.message ?? MESSAGES.validationFailed);
  }
  return errors;
}
