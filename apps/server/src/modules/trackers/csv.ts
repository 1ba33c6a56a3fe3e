import { TRACKER_CSV_COLUMNS, CONTENT_GROUP_TEXT, type Tracker } from '@tsunagu/contracts';
import { csvLine, csvStart, encodeCsv, type CsvEncoding } from '../../lib/csv/decode.js';

/** A cell an operator typed: a leading = + - @ would be a formula in Excel, so it is quoted off. */
const safe = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** The tracker list with its counts as CSV (BOM'd UTF-8 or CP932, as the friends CSV). */
export function trackersCsv(
  rows: readonly Tracker[],
  groupNames: ReadonlyMap<number, string>,
  encoding: CsvEncoding,
): Buffer {
  let text = csvLine(TRACKER_CSV_COLUMNS);
  for (const row of rows)
    text += csvLine([
      safe(row.name),
      safe(
        row.group_id === null ? CONTENT_GROUP_TEXT.ungrouped : (groupNames.get(row.group_id) ?? ''),
      ),
      row.url,
      row.active ? '有効' : '停止中',
      String(row.clicks),
      String(row.friends),
      String(row.returning),
      String(row.blocked),
      row.rate === null ? '' : `${(row.rate * 100).toFixed(1)}%`,
      String(row.drop_already_friend),
      String(row.drop_left_at_consent),
      String(row.drop_outside_line),
      String(row.drop_did_not_add),
      String(row.reservations),
      String(row.visits),
    ]);
  return Buffer.concat([csvStart(encoding), encodeCsv(text, encoding)]);
}
