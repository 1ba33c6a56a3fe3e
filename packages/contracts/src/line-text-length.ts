/**
 * How LINE counts characters (its guide "Character counting in a text"): in UTF-16 code units
 * (🍎 counts 2, what `String.length` counts), except a few properties counted in grapheme
 * clusters — every action's `label`, a postback action's `displayText`, `fillInText` and `text`,
 * a message action's `text`, the buttons and carousel templates' `title` and `text`, and the
 * confirm template's `text` (a family emoji 👨‍👩‍👧 or が + a combining mark counts 1 there).
 * Decision 0190.
 */

const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter('ja', { granularity: 'grapheme' })
    : null;

/** Grapheme clusters, as a reader counts characters. */
export function graphemeCount(text: string): number {
  if (segmenter === null) return Array.from(text).length;
  let count = 0;
  for (const _ of segmenter.segment(text)) count += 1;
  return count;
}

/** The two ways LINE counts a property's length. */
export type LineCounting = 'utf16' | 'grapheme';

export const lineLength = (text: string, counting: LineCounting): number =>
  counting === 'grapheme' ? graphemeCount(text) : text.length;
