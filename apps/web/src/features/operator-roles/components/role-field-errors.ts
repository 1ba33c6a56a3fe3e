import { fieldErrorsFromIssues, type FieldErrors } from '@tsunagu/contracts';
import type { z } from 'zod';

export type RoleFormErrors = { name?: string[]; permission_keys?: string[] };

/**
 * Client (zod) and server (422) errors in one shape. The server may name a list item
 * ("permission_keys.3"); the form shows those beside the whole checkbox group.
 */
export function roleErrorsFromServer(fieldErrors: FieldErrors): RoleFormErrors {
  const result: RoleFormErrors = {};
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const field = path.split('.')[0];
    if (field === 'name' || field === 'permission_keys') {
      result[field] = [...(result[field] ?? []), ...messages];
    }
  }
  return result;
}

export function roleErrorsFromZod(error: z.ZodError): RoleFormErrors {
  return roleErrorsFromServer(fieldErrorsFromIssues(error.issues));
}
