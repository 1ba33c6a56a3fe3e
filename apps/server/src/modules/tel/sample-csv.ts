import iconv from 'iconv-lite';
import { TEL_PARAM_KEYS } from '@tsunagu/contracts';

/**
 * The sample format file (TEL-51, TEL-52): the header of DEC-08 and a few realistic rows, in
 * Shift_JIS (CP932) with CRLF, exactly as Excel saves "CSV (コンマ区切り)". Template 5 is the
 * demo's reservation reminder; param_1 name, param_2 shop, param_3 date and time, param_4 menu.
 */
const ROWS = [
  ['tel', 'date', 'time', 'template_id', ...TEL_PARAM_KEYS],
  [
    '090-1234-5678',
    '2025/6/1',
    '10:00',
    '5',
    '山田 花子',
    'ヘアサロン つなぐ 渋谷店',
    '6月1日(日) 10:00',
    'カット＋カラー',
  ],
  [
    '080-2345-6789',
    '2025/6/1',
    '10:30',
    '5',
    '佐藤 美咲',
    'ヘアサロン つなぐ 渋谷店',
    '6月1日(日) 10:30',
    'カット',
  ],
  [
    '070-3456-7890',
    '2025/6/2',
    '9:00',
    '5',
    '髙橋 翔太',
    'ヘアサロン つなぐ 渋谷店',
    '6月2日(月) 9:00',
    'ヘッドスパ（60分）',
  ],
  [
    '03-1234-5678',
    '2025/6/2',
    '18:00',
    '5',
    '㈱つなぐ商事 鈴木 様',
    'ヘアサロン つなぐ 渋谷店',
    '6月2日(月) 18:00',
    'メンズカット',
  ],
];

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export const SAMPLE_CSV_FILENAME = 'notification_message_sample.csv';

export const SAMPLE_CSV_BYTES: Buffer = iconv.encode(
  `${ROWS.map((row) => {
    const cells = [...row];
    while (cells.length < ROWS[0]!.length) cells.push('');
    return cells.map(csvCell).join(',');
  }).join('\r\n')}\r\n`,
  'cp932',
);
