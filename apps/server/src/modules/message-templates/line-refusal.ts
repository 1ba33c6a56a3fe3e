import { TEMPLATE_TEXT, type FieldErrors } from '@tsunagu/contracts';
import { ValidationError } from '../../lib/errors.js';

const PROPERTY = /^messages\[(\d{1,2})\](?:\.(.+))?$/;

/**
 * LINE's refusal of a template on save as the editor's field errors (decision 0192): each of
 * LINE's `details[]` goes on the message it names (`messages[0].text` → `messages.0`, reading
 * 「1つ目のメッセージ：LINEが受け付けませんでした：…（text）」), anything else on `messages`.
 */
export function lineRefusalError(
  refusal: { message: string; details: { property: string; message: string }[] },
  messageCount: number,
): ValidationError {
  const errors: FieldErrors = {};
  const add = (field: string, text: string) => (errors[field] = [...(errors[field] ?? []), text]);
  for (const detail of refusal.details) {
    const match = PROPERTY.exec(detail.property);
    const index = match ? Number(match[1]) : -1;
    if (index >= 0 && index < messageCount)
      add(
        `messages.${index}`,
        TEMPLATE_TEXT.message(index, TEMPLATE_TEXT.lineRefused(match?.[2] ?? '', detail.message)),
      );
    else add('messages', TEMPLATE_TEXT.lineRefused(detail.property, detail.message));
  }
  if (Object.keys(errors).length === 0)
    add('messages', TEMPLATE_TEXT.lineRefused('', refusal.message));
  return new ValidationError(TEMPLATE_TEXT.lineRefusedForm, errors);
}
