import {
  TEL_LIMITS,
  TEL_MESSAGES,
  TEL_PARAM_KEYS,
  isMobilePhone,
  normalizePhone,
  parseTelDate,
  parseTelTime,
} from '@tsunagu/contracts';
import { decodeCsv, detectEncoding, type CsvEncoding } from '../../lib/csv/decode.js';
import { CsvFormatError, csvRecords } from '../../lib/csv/records.js';

/**
 * Reading an uploaded notification message file (DEC-08, docs/decisions/0020-tel-upload.md):
 * encoding detection, one decode, an RFC 4180 reader (csv-records.ts), header mapping in any
 * column order, and validation of every row with line-numbered Japanese reasons. Rows are handed
 * over in batches as long as no row was bad; after the first bad row the rest is only validated,
 * so the caller (one transaction) can reject the whole file with every reason.
 */

export type TelCsvEncoding = CsvEncoding;

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
  /** Valid rows whose number is not a mobile one, and the first of their line numbers. */
  nonMobilePhoneCount: number;
  nonMobilePhoneLines: number[];
  /** The first TEL_LIMITS.uploadErrorsShown reasons, each starting with its line number. */
  errors: string[];
  errorCount: number;
}

const REQUIRED_COLUMNS = ['tel', 'date', 'time', 'template_id'] as const;
const KNOWN_COLUMNS: readonly string[] = [...REQUIRED_COLUMNS, ...TEL_PARAM_KEYS];
const MAX_RECORD_CHARS = 64 * 1024;

function shown(value: string): string {
  return value.length > 30 ? `${value.slice(0, 30)}…` : value;
}

interface Header {
  /** Column positions; the required ones are always there. */
  tel: number;
  date: number;
  time: number;
  templateId: number;
  /** The parameter columns present, as [key, position]. */
  params: [string, number][];
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
  // Not one cell names a column: line 1 is data, not a header. One message says so instead
  // of an unknown-column line per cell and a missing-column line per required name (issue 10).
  if (index.size === 0) return { problems: [TEL_MESSAGES.headerMissing] };
  for (const name of REQUIRED_COLUMNS) {
    if (!index.has(name)) problems.push(`必須の列「${name}」がありません`);
  }
  if (problems.length > 0) return { problems };
  const at = (name: string) => index.get(name) as number;
  const params: [string, number][] = [];
  for (const key of TEL_PARAM_KEYS) {
    const position = index.get(key);
    if (position !== undefined) params.push([key, position]);
  }
  return {
    header: {
      tel: at('tel'),
      date: at('date'),
      time: at('time'),
      templateId: at('template_id'),
      params,
      width: cells.length,
    },
    problems,
  };
}

/**
 * A parser that remembers its answers: a file repeats the same few dates and times on every
 * row. At most `limit` distinct values are kept, so memory stays bounded on any file.
 */
function remembered(parse: (raw: string) => string | null, limit = 1000) {
  const known = new Map<string, string | null>();
  return (raw: string): string | null => {
    let value = known.get(raw);
    if (value === undefined) {
      value = parse(raw);
      if (known.size < limit) known.set(raw, value);
    }
    return value;
  };
}

interface RowOutcome {
  row?: TelCsvRow;
  restoredLeadingZero: boolean;
  problems: string[];
}

const NO_PROBLEMS: string[] = [];

function rowReader() {
  const dateOf = remembered(parseTelDate);
  const timeOf = remembered(parseTelTime);
  return (cells: string[], header: Header, line: number): RowOutcome => {
    const problems: string[] = [];
    const extra =
      cells.length > header.width && cells.slice(header.width).some((value) => value.trim() !== '');
    if (extra) problems.push('列の数が見出し行より多くなっています');

    const rawTel = (cells[header.tel] ?? '').trim();
    const phone = rawTel === '' ? null : normalizePhone(rawTel);
    if (rawTel === '') problems.push('電話番号がありません');
    else if (!phone) problems.push(`電話番号「${shown(rawTel)}」が正しくありません`);

    const rawDate = (cells[header.date] ?? '').trim();
    const date = rawDate === '' ? null : dateOf(rawDate);
    if (rawDate === '') problems.push('日付がありません');
    else if (!date) problems.push(`日付「${shown(rawDate)}」が正しくありません`);

    const rawTime = (cells[header.time] ?? '').trim();
    const time = rawTime === '' ? null : timeOf(rawTime);
    if (rawTime === '') problems.push('時刻がありません');
    else if (!time) problems.push(`時刻「${shown(rawTime)}」が正しくありません`);

    const rawTemplate = (cells[header.templateId] ?? '').normalize('NFKC').trim();
    let templateId = 0; // empty: no template, the message will be "cannot send" (DEC-08)
    if (rawTemplate !== '') {
      if (/^\d{1,10}$/.test(rawTemplate)) templateId = Number(rawTemplate);
      else problems.push(`テンプレート番号「${shown(rawTemplate)}」は数字で入力してください`);
    }

    // Parameter values are kept exactly as written: a cell such as `=SUM(A1)` or `-1` is text.
    const params: Record<string, string> = {};
    for (const [key, position] of header.params) {
      const value = cells[position] ?? '';
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
      problems: NO_PROBLEMS,
      row: {
        line,
        tel: phone.domestic,
        telE164: phone.e164,
        scheduledAt: `${date}T${time}+09:00`,
        templateId,
        params,
      },
    };
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
    nonMobilePhoneCount: 0,
    nonMobilePhoneLines: [],
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

  const text = decodeCsv(bytes, result.encoding);
  if (text === null) {
    fail(TEL_MESSAGES.fileEncoding);
    return result;
  }

  const readRow = rowReader();
  let header: Header | undefined;
  let batch: TelCsvRow[] = [];
  try {
    for (const { cells, line } of csvRecords(text, MAX_RECORD_CHARS)) {
      if (!header) {
        const read = readHeader(cells);
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
      const outcome = readRow(cells, header, line);
      if (outcome.restoredLeadingZero) result.correctedPhoneCount += 1;
      if (!outcome.row) {
        fail(...outcome.problems);
        batch = [];
        continue;
      }
      if (!isMobilePhone(outcome.row.tel)) {
        result.nonMobilePhoneCount += 1;
        if (result.nonMobilePhoneLines.length < TEL_LIMITS.uploadErrorsShown)
          result.nonMobilePhoneLines.push(line);
      }
      if (result.errorCount > 0) continue;
      batch.push(outcome.row);
      if (batch.length >= batchSize) {
        await onRows(batch);
        batch = [];
      }
    }
  } catch (error) {
    if (error instanceof CsvFormatError) {
      fail(`${error.line}行目: CSVの形式が正しくありません（引用符の閉じ忘れなど）`);
      return result;
    }
    throw error;
  }
  if (!header || result.rows === 0) {
    fail(TEL_MESSAGES.fileEmpty);
    return result;
  }
  if (result.errorCount === 0 && batch.length > 0) await onRows(batch);
  return result;
}
