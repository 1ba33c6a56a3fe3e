import { MESSAGES, type FieldErrors } from '@tsunagu/contracts';
import { isApiError } from '@/lib/api-error';

/** RSV-05: the field errors of a 422 (or 400) answer, shown under their fields. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  return isApiError(error) && error.kind === 'validation' ? error.fieldErrors : {};
}

/**
 * The message of a failed salon write. The server's Japanese message is shown where it says
 * what went wrong for this operator — a field error (RSV-05), a clash naming the reservation or
 * block time in the way (409), a missing permission (403), something already gone (404);
 * anything else is '不明なエラーが発生しました' (RSV-06, DEC-01).
 */
export function writeErrorText(error: unknown): string {
  if (
    isApiError(error) &&
    ['validation', 'conflict', 'forbidden', 'not-found'].includes(error.kind)
  )
    return error.message;
  return MESSAGES.unknownError;
}

/** The staff member is outside their shift (decision 0009): the form offers to book anyway. */
export function isShiftRefusal(error: unknown): boolean {
  return Boolean(fieldErrorsOf(error).shift_override);
}

/** A 422's field messages other than the override hint, for a toast when no field shows them. */
export function firstFieldMessage(errors: FieldErrors): string | null {
  for (const [field, messages] of Object.entries(errors))
    if (field !== 'shift_override' && messages?.[0]) return messages[0];
  return null;
}

/** Someone else holds the slot (409). */
export function isConflict(error: unknown): boolean {
  return isApiError(error) && error.kind === 'conflict';
}
