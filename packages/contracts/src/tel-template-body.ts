/**
 * A notification template's body (TEL-67, TEL-69, TEL-70): JSON holding the LINE messages the
 * customer receives, with [param_1] … [param_10] put in at send time. Shared by the server (the
 * check on save) and the console (the same check before sending, the simple form, the preview).
 */
import { LINE_MESSAGE_LIMITS, isLineObject } from './line-message-rules.js';
import { sendableMessageProblems } from './line-message-check.js';
import { TEL_PARAM_COUNT } from './tel-values.js';

const PLACEHOLDER = /\[param_(\d+)\]/g;

/** The parameter numbers a template body refers to, in order of first use. */
export function placeholderNumbers(body: string): number[] {
  const numbers: number[] = [];
  for (const match of body.matchAll(PLACEHOLDER)) {
    const n = Number(match[1]);
    if (!numbers.includes(n)) numbers.push(n);
  }
  return numbers;
}

/**
 * The messages of a body: an array as LINE takes it, or one message object standing for an
 * array of one (how templates were first written, decision 0085). null when not JSON.
 */
export function templateMessagesOf(body: string): unknown[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  return Array.isArray(parsed) ? parsed : [parsed];
}

export const TEMPLATE_BODY_TEXT = {
  notJson: '本文はJSON形式で入力してください',
  messageCount: 'メッセージは1〜5件の配列で指定してください',
  notMessage: 'メッセージは "type" を持つLINEのメッセージオブジェクトで指定してください',
  /** Which bubble a problem is in: 「2件目のメッセージ: テキスト（text）が空です」. */
  inMessage: (n: number, problem: string) => `${n}件目のメッセージ: ${problem}`,
} as const;

/**
 * TEL-69/TEL-70 and LINE's message rules: the problems of a body, in Japanese, each naming the
 * message (1件目…) and what is wrong; empty when LINE would take it.
 */
export function templateBodyProblems(body: string): string[] {
  const messages = templateMessagesOf(body);
  if (messages === null) return [TEMPLATE_BODY_TEXT.notJson];
  const problems: string[] = [];
  if (messages.length < 1 || messages.length > LINE_MESSAGE_LIMITS.messages) {
    problems.push(TEMPLATE_BODY_TEXT.messageCount);
  } else {
    messages.forEach((message, index) => {
      // The same check the dispatcher makes once the parameters are in (decision 0191).
      const found = isLineObject(message)
        ? sendableMessageProblems(message)
        : [TEMPLATE_BODY_TEXT.notMessage];
      for (const problem of found) problems.push(TEMPLATE_BODY_TEXT.inMessage(index + 1, problem));
    });
  }
  const invalid = placeholderNumbers(body).filter((n) => n < 1 || n > TEL_PARAM_COUNT);
  if (invalid.length > 0) {
    problems.push(
      `使用できるプレースホルダーは [param_1]〜[param_${TEL_PARAM_COUNT}] です（${invalid
        .slice(0, 10)
        .map((n) => `[param_${n}]`)
        .join('、')}）`,
    );
  }
  return problems;
}

/**
 * The texts of a body the simple form can edit: 1–5 messages that are plain text (only `type`
 * and `text`). null for anything else, which is then edited as JSON.
 */
export function textBubblesOf(body: string): string[] | null {
  const messages = templateMessagesOf(body);
  if (!messages || messages.length < 1 || messages.length > LINE_MESSAGE_LIMITS.messages) {
    return null;
  }
  const texts: string[] = [];
  for (const message of messages) {
    if (!isLineObject(message) || message.type !== 'text' || typeof message.text !== 'string') {
      return null;
    }
    if (Object.keys(message).length !== 2) return null;
    texts.push(message.text);
  }
  return texts;
}

/** The JSON the simple form writes: an array of text messages, indented for the JSON editor. */
export function bodyFromTextBubbles(texts: readonly string[]): string {
  return JSON.stringify(
    texts.map((text) => ({ type: 'text', text })),
    null,
    2,
  );
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (isLineObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${stableJson(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The same messages give the same string, however the JSON is spaced, its keys ordered, or a
 * single message wrapped: a change of body that changes nothing the customer gets is no change.
 */
export function canonicalTemplateBody(body: string): string {
  const messages = templateMessagesOf(body);
  return messages === null ? body : stableJson(messages);
}

export type TemplateTextSegment = { kind: 'text'; text: string } | { kind: 'param'; text: string };

/** A text cut at its placeholders, so a preview can show `[param_1]` as a chip. */
export function placeholderSegments(text: string): TemplateTextSegment[] {
  const segments: TemplateTextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const at = match.index ?? 0;
    if (at > last) segments.push({ kind: 'text', text: text.slice(last, at) });
    segments.push({ kind: 'param', text: match[0] });
    last = at + match[0].length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}
