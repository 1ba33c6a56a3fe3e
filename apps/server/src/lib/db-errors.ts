import { fieldError } from './validate.js';

/** SQLSTATE `code` on `constraint`, found on the error or one of its causes. */
export function isViolationOf(error: unknown, code: string, constraint: string): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const found = current as { code?: unknown; constraint?: unknown };
    if (found.code === code && found.constraint === constraint) return true;
    if (current === (current as { cause?: unknown }).cause) break;
  }
  return false;
}

/**
 * A write of a named row in a group, as 422s naming the field: 23505 on the unique name index —
 * the name is taken (also by a concurrent call between check and write) — or 23503 on the group
 * foreign key — the group was deleted by a concurrent call after it was checked.
 */
export async function guardNamedWrite<T>(
  write: () => Promise<T>,
  rules: { nameIndex: string; nameTaken: string; groupKey: string; groupGone: string },
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isViolationOf(error, '23505', rules.nameIndex)) throw fieldError('name', rules.nameTaken);
    if (isViolationOf(error, '23503', rules.groupKey))
      throw fieldError('group_id', rules.groupGone);
    throw error;
  }
}
