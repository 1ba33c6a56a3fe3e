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

/**
 * Characters between which no rule of Unicode's grapheme segmentation (UAX #29) ever joins:
 * printable ASCII, hiragana, katakana and the common kanji (none is Extend, ZWJ, SpacingMark,
 * Prepend, a regional indicator or a Hangul jamo).
 */
const standsAlone = (code: number) =>
  (code >= 0x20 && code <= 0x7e) ||
  (code >= 0x3041 && code <= 0x3096) ||
  (code >= 0x30a1 && code <= 0x30ff) ||
  (code >= 0x4e00 && code <= 0x9fff);

/** Pieces of at least this many UTF-16 units are cut where a cluster surely ends. */
const PIECE = 256;

/**
 * `text` in pieces that end where a grapheme cluster surely ends: after a line feed, or between
 * two characters that stand alone. Intl.Segmenter slows with the length of the string it walks
 * (a 60,000-character text takes seconds in V8), so a long text is counted piece by piece.
 */
function* piecesOf(text: string): Generator<string> {
  let start = 0;
  for (let i = start + PIECE; i < text.length; i += 1) {
    const before = text.charCodeAt(i - 1);
    if (before === 0x0a || (standsAlone(before) && standsAlone(text.charCodeAt(i)))) {
      yield text.slice(start, i);
      start = i;
      i = start + PIECE - 1;
    }
  }
  yield text.slice(start);
}

/**
 * Grapheme clusters, as a reader counts characters. With `stopAfter`, counting ends once the
 * count passes it (a check against a limit needs no more): the answer is then some count above
 * `stopAfter`, not the whole text's.
 */
export function graphemeCount(text: string, stopAfter = Infinity): number {
  if (segmenter === null) return Array.from(text).length;
  let count = 0;
  for (const piece of piecesOf(text)) {
    for (const _ of segmenter.segment(piece)) count += 1;
    if (count > stopAfter) return count;
  }
  return count;
}

/** Whether `text` has at most `limit` grapheme clusters (a cluster is at least one unit). */
export const graphemesWithin = (text: string, limit: number): boolean =>
  text.length <= limit || graphemeCount(text, limit) <= limit;

/** The two ways LINE counts a property's length. */
export type LineCounting = 'utf16' | 'grapheme';

export const lineLength = (text: string, counting: LineCounting): number =>
  counting === 'grapheme' ? graphemeCount(text) : text.length;
