import { templateMessagesOf } from './tel-template-body.js';

/**
 * What each `[param_N]` of a notification template stands for, read from the template's own text
 * (issue 28, decision 0376): templates have no label fields, so the words the customer reads
 * beside the placeholder name it — 「日時: [param_3]」 is 日時, 「[param_1] 様」 is お名前. A
 * placeholder the text does not name has no label (the console shows 差し込みN).
 */
export const TEL_PARAM_LABEL_MAX = 12;

/** Honorifics after a name: 「[param_1] 様」. */
const HONORIFIC = /^\s*(様|さま|さん|殿)/;
/** A label before the placeholder on its line: 「ご予約日時：[param_3]」, 「メニュー: [param_4]」. */
const LABELLED = /([^\s:：、。！!？?「」『』()（）【】[\]]+)\s*[:：]\s*$/;

/** Every string in the messages (texts, alt texts, labels), one after the other. */
function textsOf(value: unknown, into: string[]): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) value.forEach((item) => textsOf(item, into));
  else if (typeof value === 'object' && value !== null)
    Object.values(value).forEach((item) => textsOf(item, into));
  return into;
}

function labelAt(line: string, index: number, length: number): string | null {
  const before = LABELLED.exec(line.slice(0, index));
  if (before?.[1] && before[1].length <= TEL_PARAM_LABEL_MAX) return before[1];
  if (HONORIFIC.test(line.slice(index + length))) return 'お名前';
  return null;
}

/** `param_N` → its label, for the placeholders the template's text names. */
export function telParamLabels(body: string): Record<string, string> {
  const messages = templateMessagesOf(body);
  if (!messages) return {};
  const labels: Record<string, string> = {};
  for (const text of textsOf(messages, []))
    for (const line of text.split('\n'))
      for (const match of line.matchAll(/\[param_(\d+)\]/g)) {
        const key = `param_${match[1]}`;
        if (labels[key]) continue;
        const label = labelAt(line, match.index, match[0].length);
        if (label) labels[key] = label;
      }
  return labels;
}

/** 「日時（param_3）」, or 「差し込み3（param_3）」 when the template does not name it. */
export function telParamTitle(key: string, labels: Readonly<Record<string, string>>): string {
  const label = labels[key] ?? `差し込み${key.replace('param_', '')}`;
  return `${label}（${key}）`;
}
