import { TEL_LIMITS } from '@tsunagu/contracts';
import iconv from 'iconv-lite';

/**
 * Upload files of the full size limit, each shaped to make a reader build as much as it can:
 * the cases of issue 16 §4 and their neighbours. Used by the small-heap probe
 * (upload-memory-probe.ts, tel-upload-memory.test.ts).
 */
const HEADER = 'tel,date,time,template_id,param_1,param_2,param_3\n';
const LIMIT = TEL_LIMITS.uploadBytes;

/** `head`, then `unit` repeated up to the size limit, then `tail`. */
function fill(head: string, unit: string, tail = ''): Buffer {
  const room = LIMIT - Buffer.byteLength(head) - Buffer.byteLength(tail);
  const times = Math.floor(room / Buffer.byteLength(unit));
  return Buffer.from(`${head}${unit.repeat(times)}${tail}`);
}

/** The header and `count` rows, encoded a thousand rows at a time (no 20 MB string). */
function rows(count: number, row: (index: number) => string, encoding = 'utf-8'): Buffer {
  const chunks = [iconv.encode(HEADER, encoding)];
  for (let start = 0; start < count; start += 1000) {
    const lines: string[] = [];
    for (let index = start; index < Math.min(count, start + 1000); index += 1) {
      lines.push(`${row(index)}\n`);
    }
    chunks.push(iconv.encode(lines.join(''), encoding));
  }
  return Buffer.concat(chunks);
}

const param = (length: number, index: number) =>
  `${'p'.repeat(length - 6)}${String(index).padStart(6, '0')}`;

export const UPLOAD_SHAPES: Record<string, () => Buffer> = {
  /** One endless record of commas (was: +462 MB before the 422). */
  commas: () => fill(HEADER, ','),
  /** One endless unquoted cell. */
  'one cell': () => fill(HEADER, 'a'),
  /** A quote opened and never closed, over many lines. */
  'open quote': () => fill(`${HEADER}"`, 'a,\n'),
  /** One quoted cell of doubled quotes (each `""` is one character of the value). */
  'doubled quotes': () => fill(`${HEADER}"`, '""', '"\n'),
  /** Records just under the record limit, 32,000 cells each. */
  'wide records': () => fill(HEADER, `x${',x'.repeat(32_000)}\n`),
  /** A header of 32,000 unknown columns (32,000 reasons, 100 of them kept). */
  'wide header': () => fill(`${'c,'.repeat(32_000)}\n`, 'x\n'),
  /** The whole file one header line. */
  'endless header': () => fill('', 'c,'),
  /** 20 MB of empty lines. */
  'empty lines': () => fill('', '\r\n'),
  /** One UTF-8 Japanese cell (a two-byte string in memory). */
  'japanese cell': () => fill(HEADER, 'あ'),
  /** 100,000 rows with a bad phone number and long parameters: every row an error. */
  'error rows': () => rows(TEL_LIMITS.uploadRows, (i) => `x,2030/1/1,9:00,1,${param(180, i)},,`),
  /** 100,000 valid rows (the row limit) of ≈ 200 bytes: the largest file that is accepted. */
  'valid rows': () =>
    rows(
      TEL_LIMITS.uploadRows,
      (i) =>
        `090${String(i).padStart(8, '0')},2030/1/1,9:00,1,${param(60, i)},${param(60, i)},${param(50, i)}`,
    ),
  /** The same in CP932 with Japanese parameters. */
  'valid rows, CP932': () =>
    rows(
      TEL_LIMITS.uploadRows,
      (i) =>
        `090${String(i).padStart(8, '0')},2030年1月1日,9:00,1,髙橋 花子${i} 様,${'ヘアサロン つなぐ 渋谷店'.repeat(3)},${'㈱①'.repeat(20)}`,
      'cp932',
    ),
};
