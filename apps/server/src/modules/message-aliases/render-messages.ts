import { isLineObject } from '@tsunagu/contracts';
import type { RenderMessage } from './render-message.js';

/**
 * Keys whose text a friend reads or opens: aliases there are rendered (a form's answer link in a
 * button's `uri`, decision 0191); media URLs, data and ids are left as they are. What a value
 * makes of them is checked again before sending (module line-push).
 */
const READ_KEYS = new Set([
  'text',
  'altText',
  'title',
  'label',
  'displayText',
  'uri',
  'clipboardText',
]);

async function renderValue(value: unknown, render: (text: string) => Promise<string>, key = '') {
  if (typeof value === 'string') return READ_KEYS.has(key) ? render(value) : value;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const item of value) out.push(await renderValue(item, render));
    return out;
  }
  if (isLineObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(value))
      out[name] = await renderValue(item, render, name);
    return out;
  }
  return value;
}

/**
 * LINE message objects for one friend (decisions 0161, 0166): every text the friend reads — a text
 * message, a template's title, text and buttons, a flex message's text components, alt texts —
 * has its aliases replaced with that friend's values (decision 0157). Texts without an alias
 * cost no query.
 */
export async function renderMessages(
  renderMessage: RenderMessage,
  accountId: number,
  memberId: number,
  messages: readonly unknown[],
): Promise<unknown[]> {
  const render = (text: string) => renderMessage(accountId, memberId, text);
  const rendered: unknown[] = [];
  for (const message of messages) rendered.push(await renderValue(message, render));
  return rendered;
}
