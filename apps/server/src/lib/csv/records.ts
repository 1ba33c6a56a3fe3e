/**
 * The CSV reader of uploads (notification messages, friends' information; decision 0020): RFC 4180 as
 * Excel writes it, over the whole decoded text, one pass, no per-character allocation.
 *
 * - Cells are separated by `,`; a record ends at CRLF, LF or CR (any of them, mixed or not).
 * - A cell that starts with `"` is quoted: it runs to the next lone `"`, `""` is one `"`, and it
 *   may hold commas and line breaks. After the closing quote comes `,`, a line break or the end.
 * - A `"` inside an unquoted cell, or anything but `,`/line break after a closing quote, is a
 *   format error on that line; a quote never closed is one on the line where it opened; a record
 *   longer than `maxRecordChars` is one on the line where it began. That limit is checked after
 *   every cell, before the next is built, so no record — a file of commas, one endless quoted
 *   cell — ever holds more than `maxRecordChars` characters or cells (issue 16, §4).
 * - Records whose cells are all empty or blank (empty lines, `,,,`) are skipped.
 * - A leading BOM is ignored.
 *
 * Each record comes with its line number: the line it ends on (1-based, a quoted line break
 * counts as a line), so a one-line record's number is its line in any text editor.
 */

export class CsvFormatError extends Error {
  constructor(readonly line: number) {
    super(`CSV format error on line ${line}`);
  }
}

export interface CsvRecord {
  cells: string[];
  line: number;
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

function isBlank(cells: string[]): boolean {
  for (const cell of cells) if (cell !== '' && cell.trim() !== '') return false;
  return true;
}

/** Line breaks in text[from, to): CRLF, LF and CR count one each. */
function lineBreaks(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i += 1) {
    const c = text.charCodeAt(i);
    if (c === LF) count += 1;
    else if (c === CR && text.charCodeAt(i + 1) !== LF) count += 1;
  }
  return count;
}

export function* csvRecords(text: string, maxRecordChars: number): Generator<CsvRecord> {
  const end = text.length;
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  let cells: string[] = [];
  let recordStart = pos;
  let recordLine = line;

  while (pos < end || cells.length > 0) {
    if (pos >= end) {
      // The text ended right after a comma: the record's last cell is empty.
      cells.push('');
    } else if (text.charCodeAt(pos) === QUOTE) {
      const openedOn = line;
      let value = '';
      let from = pos + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote === -1) throw new CsvFormatError(openedOn);
        if (quote - recordStart > maxRecordChars) throw new CsvFormatError(recordLine);
        line += lineBreaks(text, from, quote);
        if (text.charCodeAt(quote + 1) === QUOTE) {
          value += text.slice(from, quote + 1);
          from = quote + 2;
        } else {
          value += text.slice(from, quote);
          pos = quote + 1;
          break;
        }
      }
      if (pos - recordStart > maxRecordChars) throw new CsvFormatError(recordLine);
      cells.push(value);
      const next = text.charCodeAt(pos); // NaN at the end
      if (next === COMMA) {
        pos += 1;
        continue;
      }
      if (pos < end && next !== LF && next !== CR) throw new CsvFormatError(line);
    } else {
      let i = pos;
      for (; i < end; i += 1) {
        const c = text.charCodeAt(i);
        if (c === COMMA || c === LF || c === CR) break;
        if (c === QUOTE) throw new CsvFormatError(line);
      }
      if (i - recordStart > maxRecordChars) throw new CsvFormatError(recordLine);
      cells.push(text.slice(pos, i));
      pos = i;
      if (text.charCodeAt(pos) === COMMA) {
        pos += 1;
        continue;
      }
    }
    // The record ends here: at a line break or at the end of the text (its length was checked
    // with its last cell).
    if (!isBlank(cells)) yield { cells, line };
    cells = [];
    if (pos < end) {
      pos += text.charCodeAt(pos) === CR && text.charCodeAt(pos + 1) === LF ? 2 : 1;
      line += 1;
    }
    recordStart = pos;
    recordLine = line;
  }
}
