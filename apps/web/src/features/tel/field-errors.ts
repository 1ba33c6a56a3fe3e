import type { FieldErrors } from '@tsunagu/contracts';
import { isApiError } from '@/lib/api-error';

/** The field errors of a failed call (422/400), else none. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  return isApiError(error) ? error.fieldErrors : {};
}
