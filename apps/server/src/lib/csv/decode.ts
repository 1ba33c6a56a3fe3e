import { isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';

/**
 * Uploaded CSV bytes to text (decision 0020): UTF-8 when the bytes are valid UTF-8 (with or
 * without BOM; plain ASCII is both), else CP932 (Shift_JIS as Excel writes it, with NEC/IBM
 * extensions: ①, ㈱, 髙, 﨑). UTF-16 (Excel's "Unicode text") is refused: it is neither.
 */
export type CsvEncoding = 'utf-8' | 'cp932';

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

export function detectEncoding(bytes: Buffer): CsvEncoding | null {
  if (bytes.subarray(0, 3).equals(UTF8_BOM)) return 'utf-8';
  if (
    bytes.length >= 2 &&
    ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
  ) {
    return null;
  }
  return isUtf8(bytes) ? 'utf-8' : 'cp932';
}

/**
 * The whole file as text (one string beats a stream of chunks at these sizes), or null when it
 * holds bytes that are not CP932 (U+FFFD) or NUL (a binary or UTF-16 file).
 */
export function decodeCsv(bytes: Buffer, encoding: CsvEncoding): string | null {
  const text =
    encoding === 'utf-8'
      ? new TextDecoder('utf-8').decode(bytes) // drops a leading BOM; bad bytes become U+FFFD
      : iconv.decode(bytes, 'cp932');
  return text.includes('\uFFFD') || text.includes('\u0000') ? null : text;
}

/**
 * Text of a CSV file Excel opens correctly: UTF-8 (after `csvStart`'s BOM, every character
 * kept), or CP932 (Excel's own; a character CP932 has not — an emoji in a LINE name — becomes
 * `?`). Encoded piece by piece, whole lines at a time, so a file can be streamed.
 */
export function encodeCsv(text: string, encoding: CsvEncoding): Buffer {
  return encoding === 'utf-8' ? Buffer.from(text, 'utf8') : iconv.encode(text, 'cp932');
}

/** What a file starts with: the BOM that makes Excel read UTF-8 as UTF-8; nothing for CP932. */
export function csvStart(encoding: CsvEncoding): Buffer {
  return encoding === 'utf-8' ? UTF8_BOM : Buffer.alloc(0);
}

/** One CSV record as RFC 4180 writes it, CRLF-terminated (Excel's line end). */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(',')}\r\n`;
}
