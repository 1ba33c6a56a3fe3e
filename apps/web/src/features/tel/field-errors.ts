import type { FieldErrors } from '@tsunagu/contracts';
import type { z } from 'zod';
import { isApiError } from '@/lib/api-error';

/** Client (zod) errors in the server's 422 shape: dotted paths, e.g. `params.param_3`. */
export function fieldErrorsFromZod(error: z.ZodError): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return fieldErrors;
}

/** The field errors of a failed call (422/400), else none. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  return isApiError(error) ? error.fieldErrors : {};
}
