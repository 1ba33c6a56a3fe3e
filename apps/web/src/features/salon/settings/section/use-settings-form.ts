import { fieldErrorsFromIssues, type FieldErrors } from '@tsunagu/contracts';
import { useState } from 'react';
import type { z } from 'zod';
import { useToast } from '@/ui/toast';
import { fieldErrorsOf, firstFieldMessage, writeErrorText } from '../../utils/write-errors';

/**
 * The values of a settings form and its messages: the contract's schema checks them first
 * (messages from fieldErrorsFromIssues), then a 422 from the server puts its own under the same
 * fields (RSV-05); any other failure is a toast (RSV-06).
 */
export function useSettingsForm<V extends Record<string, unknown>, O>(
  schema: z.ZodType<O>,
  initial: V,
  /** What the schema reads, e.g. the number fields' text turned into numbers (toNumber). */
  toInput: (values: V) => unknown = (values) => values,
) {
  const toast = useToast();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const set = <K extends keyof V>(key: K, value: V[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  /** The parsed input, or null after showing why not. */
  const check = (): O | null => {
    const parsed = schema.safeParse(toInput(values));
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    setErrors(fieldErrorsFromIssues(parsed.error.issues));
    return null;
  };

  const fail = (error: unknown) => {
    const fields = fieldErrorsOf(error);
    setErrors(fields);
    // A message for a field this form does not show still reaches the operator, as a toast.
    if (!Object.keys(fields).some((field) => field in values))
      toast.error(firstFieldMessage(fields) ?? writeErrorText(error));
  };

  return { values, set, errors, check, fail };
}
