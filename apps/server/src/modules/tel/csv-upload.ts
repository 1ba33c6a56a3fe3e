import { Readable } from 'node:stream';
import { isUtf8 } from 'node:buffer';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import {
  TEL_LIMITS,
  TEL_MESSAGES,
  TEL_PARAM_KEYS,
  normalizePhone,
  parseTelDate,
  parseTelTime,
} from '@tsunagu/contracts';

/**
 * Reading an uploaded notification message file (DEC-08, docs/decisions/0020-tel-upload.md):
 * encoding detection, a real CSV parser fed in chunks, header mapping in any column order, and
 * validation of every row with line-numbered Japanese reasons. Rows are handed over in batches
 * as long as no row was bad; after the first bad row the rest is only validated, so the caller
 * (one transaction) can reject the whole file with every reason.
 */

export type TelCsvEncoding = 'utf-8' | 'cp932';

export interface TelCsvRow {
  line: number;
  tel: string;
  telE164: string;
  /** ISO instant with the Tokyo offset: date + time as Asia/Tokyo wall-clock time. */
  scheduledAt: string;
  /** As written; the caller maps ids that are not the account's templates to 0. */
  templateId: number;
  params: Record<string, string>;
}

export interface TelCsvResult {
  encoding: TelCsvEncoding | null;
  rows: number;
  correctedPhoneCount: number;
  /** The first TEL_LIMITS.uploadErrorsShown reasons, each starting with its line number. */
  errors: string[];
  errorCount: number;
}

const REQUIRED_COLUMNS = ['tel', 'date', 'time', 'template_id'] as const;
const KNOWN_COLUMNS: readonly string[] = [...REQUIRED_COLUMNS, ...TEL_PARAM_KEYS];
const CHUNK_BYTES = 64 * 1024;
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * UTF-8 when the bytes are valid UTF-8 (with or without BOM; plain ASCII is both), else CP932
 * (Shift_JIS as Excel writes it, with NEC/IBM extensions: ①, ㈱, 髙, 﨑). UTF-16 (Excel's
 * "Unicode text") is refused: it is neither.
 */
export function detectEncoding(bytes: Buffer): TelCsvEncoding | null {
  if (bytes.subarray(0, 3).equals(UTF8_BOM)) return 'utf-8';
  if (
    bytes.length >= 2 &&
    ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
  ) {
    return null;
  }
  return isUtf8(bytes) ? 'utf-8' : 'cp932';
}

class EncodingError extends Error {}

async function* decodedChunks(bytes: Buffer, encoding: TelCsvEncoding): AsyncGenerator<string> {
  const check = (text: string) => {
    // U+FFFD: bytes that are not CP932; NUL: a binary or UTF-16 file.
    if (text.includes('\uFFFD') || text.includes('\u0000')) throw new EncodingError();
    return text;
  };
  if (encoding === 'utf-8') {
    const decoder = new TextDecoder('utf-8', { fatal: true }); // drops a leading BOM
    for (let offset = 0; offset < bytes.length; offset += CHUNK_BYTES) {
      yield check(decoder.decode(bytes.subarray(offset, offset + CHUNK_BYTES), { stream: true }));
    }
    yield check(decoder.decode());
    return;
  }
  const decoder = iconv.getDecoder('cp932');
  for (let offset = 0; offset < bytes.length; offset += CHUNK_BYTES) {
    yield check(decoder.write(bytes.subarray(offset, offset + CHUNK_BYTES)));
  }
  yield check(decoder.end() ?? '');
}

function shown(value: string): string {
  return value.length > 30 ? `${value.slice(0, 30)}…` : value;
}

interface Header {
  /** Column index of each known column. */
  index: Map<string, number>;
  width: number;
}

function readHeader(cells: string[]): { header?: Header; problems: string[] } {
  const index = new Map<string, number>();
  const problems: string[] = [];
  cells.forEach((cell, position) => {
    const name = cell.normalize('NFKC').trim().toLowerCase();
    if (name === '') return; // a blank column (trailing comma) is ignored
    if (!KNOWN_COLUMNS.includes(name)) {
      problems.push(
        `不明な列「${shown(cell)}」があります（使用できる列: tel, date, time, template_id, param_1〜param_10）`,
      );
    } else if (index.has(name)) {
      problems.push(`列「${name}」が重複しています`);
    } else {
      index.set(name, position);
    }
  });
  for (const name of REQUIRED_COLUMNS) {
    if (!index.has(name)) problems.push(`必須の列「${name}」がありません`);
  }
  return problems.length > 0 ? { problems } : { header: { index, width: cells.length }, problems };
}

interface RowOutcome {
  row?: TelCsvRow;
  restoredLeadingZero: boolean;
  problems: string[];
}

function readRow(cells: string[], header: Header, line: number): RowOutcome {
  const cell = (name: string) => {
    const position = header.index.get(name);
    return position === undefined ? '' : (cells[position] ?? '');
  };
  const problems: string[] = [];
  const extra = cells.slice(header.width).some((value) => value.trim() !== '');
  if (extra) problems.push('列の数が見出し行より多くなっています');

  const rawTel = cell('tel').trim();
  const phone = rawTel === '' ? null : normalizePhone(rawTel);
  if (rawTel === '') problems.push('電話番号がありません');
  else if (!phone) problems.push(`電話番号「${shown(rawTel)}」が正しくありません`);

  const rawDate = cell('date').trim();
  const date = rawDate === '' ? null : parseTelDate(rawDate);
  if (rawDate === '') problems.push('日付がありません');
  else if (!date) problems.push(`日付「${shown(rawDate)}」が正しくありません`);

  const rawTime = cell('time').trim();
  const time = rawTime === '' ? null : parseTelTime(rawTime);
  if (rawTime === '') problems.push('時刻がありません');
  else if (!time) problems.push(`時刻「${shown(rawTime)}」が正しくありません`);

  const rawTemplate = cell('template_id').normalize('NFKC').trim();
  let templateId = 0; // empty: no template, the message will be "cannot send" (DEC-08)
  if (rawTemplate !== '') {
    if (/^\d{1,10}$/.test(rawTemplate)) templateId = Number(rawTemplate);
    else problems.push(`テンプレート番号「${shown(rawTemplate)}」は数字で入力してください`);
  }

  // Parameter values are kept exactly as written: a cell such as `=SUM(A1)` or `-1` is text.
  const params: Record<string, string> = {};
  for (const key of TEL_PARAM_KEYS) {
    const value = cell(key);
    if (value === '') continue;
    if (value.length > TEL_LIMITS.paramChars) {
      problems.push(`${key} が${TEL_LIMITS.paramChars}文字を超えています（${value.length}文字）`);
    } else {
      params[key] = value;
    }
  }

  const restoredLeadingZero = phone?.restoredLeadingZero ?? false;
  if (problems.length > 0 || !phone || !date || !time) {
    return { restoredLeadingZero, problems: problems.map((p) => `${line}行目: ${p}`) };
  }
  return {
    restoredLeadingZero,
    problems: [],
    row: {
      line,
      tel: phone.domestic,
      telE164: phone.e164,
      scheduledAt: `${date}T${time}+09:00`,
      templateId,
      params,
    },
  };
}

/**
 * Reads the file and calls `onRows` with batches of valid rows while every row so far was
 * valid. The caller must discard what it stored when the result has errors.
 */
export async function readTelCsv(
  bytes: Buffer,
  onRows: (rows: TelCsvRow[]) => Promise<void>,
  options: { batchSize?: number; maxRows?: number } = {},
): Promise<TelCsvResult> {
  const batchSize = options.batchSize ?? 1000;
  const maxRows = options.maxRows ?? TEL_LIMITS.uploadRows;
  const result: TelCsvResult = {
    encoding: detectEncoding(bytes),
    rows: 0,
    correctedPhoneCount: 0,
    errors: [],
    errorCount: 0,
  };
  const fail = (...messages: string[]) => {
    for (const message of messages) {
      result.errorCount += 1;
      if (result.errors.length < TEL_LIMITS.uploadErrorsShown) result.errors.push(message);
    }
  };
  if (bytes.length === 0) {
    fail(TEL_MESSAGES.fileEmpty);
    return result;
  }
  if (!result.encoding) {
    fail(TEL_MESSAGES.fileEncoding);
    return result;
  }

  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    info: true,
    max_record_size: 64 * 1024,
  });
  const source = Readable.from(decodedChunks(bytes, result.encoding));
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);

  let header: Header | undefined;
  let batch: TelCsvRow[] = [];
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      const line = info.lines;
      if (!header) {
        const read = readHeader(record);
        if (!read.header) {
          fail(...read.problems.map((problem) => `${line}行目: ${problem}`));
          return result;
        }
        header = read.header;
        continue;
      }
      result.rows += 1;
      if (result.rows > maxRows) {
        fail(`行数が上限（${maxRows.toLocaleString('ja-JP')}行）を超えています`);
        return result;
      }
      const outcome = readRow(record, header, line);
      if (outcome.restoredLeadingZero) result.correctedPhoneCount += 1;
      if (!outcome.row) {
        fail(...outcome.problems);
        batch = [];
        continue;
      }
      if (result.errorCount > 0) continue;
      batch.push(outcome.row);
      if (batch.length >= batchSize) {
        await onRows(batch);
        batch = [];
      }
    }
  } catch (error) {
    if (error instanceof EncodingError) {
      fail(TEL_MESSAGES.fileEncoding);
      return result;
    }
    const csvError = error as { code?: string; lines?: number };
    if (typeof csvError.code === 'string' && csvError.code.startsWith('CSV_')) {
      fail(`${csvError.lines ?? '?'}行目: CSVの形式が正しくありません（引用符の閉じ忘れなど）`);
      return result;
    }
    throw error;
  } finally {
    source.destroy();
    parser.destroy();
  }
  if (!header || result.rows === 0) {
    fail(TEL_MESSAGES.fileEmpty);
    return result;
  }
  if (result.errorCount === 0 && batch.length > 0) await onRows(batch);
  return result;
}
