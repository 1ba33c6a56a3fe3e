import iconv from 'iconv-lite';
import { TEL_PARAM_KEYS, addDays, calendarDateInTokyo, dayOfWeek } from '@tsunagu/contracts';

/**
 * The sample format file (TEL-51, TEL-52): the header of DEC-08 and a few realistic rows, in
 * Shift_JIS (CP932) with CRLF, exactly as Excel saves "CSV (コンマ区切り)". Template 5 is the
 * demo's reservation reminder; param_1 name, param_2 shop, param_3 date and time, param_4 menu.
 * Its dates are a few days after the download (Tokyo's calendar): a first try with the sample
 * schedules reminders, never sends long-past ones at once (issue 28). Every number is a mobile
 * one, so the sample uploads without a warning.
 */
const SAMPLE_PEOPLE = [
  { tel: '090-1234-5678', daysAhead: 3, time: '10:00', name: '山田 花子', menu: 'カット＋カラー' },
  { tel: '080-2345-6789', daysAhead: 3, time: '10:30', name: '佐藤 美咲', menu: 'カット' },
  {
    tel: '070-3456-7890',
    daysAhead: 4,
    time: '9:00',
    name: '髙橋 翔太',
    menu: 'ヘッドスパ（60分）',
  },
  {
    tel: '090-4567-8901',
    daysAhead: 4,
    time: '18:00',
    name: '㈱つなぐ商事 鈴木 様',
    menu: 'メンズカット',
  },
];
const SHOP = 'ヘアサロン つなぐ 渋谷店';
const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'];

function sampleRows(now: Date): string[][] {
  const today = calendarDateInTokyo(now);
  return [
    ['tel', 'date', 'time', 'template_id', ...TEL_PARAM_KEYS],
    ...SAMPLE_PEOPLE.map(({ tel, daysAhead, time, name, menu }) => {
      const date = addDays(today, daysAhead);
      const weekday = WEEKDAYS[dayOfWeek(date)];
      return [
        tel,
        `${date.year}/${date.month}/${date.day}`,
        time,
        '5',
        name,
        SHOP,
        `${date.month}月${date.day}日(${weekday}) ${time}`,
        menu,
      ];
    }),
  ];
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export const SAMPLE_CSV_FILENAME = 'notification_message_sample.csv';

/** The sample file as downloaded at `now`. */
export function sampleCsvBytes(now: Date = new Date()): Buffer {
  const rows = sampleRows(now);
  const width = rows[0]!.length;
  const text = rows.map((row) => {
    const cells = [...row];
    while (cells.length < width) cells.push('');
    return cells.map(csvCell).join(',');
  });
  return iconv.encode(`${text.join('\r\n')}\r\n`, 'cp932');
}
