import {
  FRIENDS_CSV_COLUMNS,
  FRIENDS_CSV_LIMITS,
  FRIENDS_CSV_TEXT,
  type FriendsImportResult,
  type VarType,
  type VarValue,
} from '@tsunagu/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { members } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { decodeCsv, detectEncoding } from '../../lib/csv/decode.js';
import { CsvFormatError, csvRecords, type CsvRecord } from '../../lib/csv/records.js';
import { ValidationError } from '../../lib/errors.js';
import {
  choicesOfVars,
  parseVarValue,
  replaceFriendValues,
  varItemsOf,
  type StoredValue,
} from '../friend-info/index.js';

type Field = { id: number; name: string; type: VarType; choices: Map<string, number> };
type FriendValues = {
  memberId: number;
  varIds: number[];
  rows: (StoredValue & { varId: number })[];
};

const MAX_RECORD_CHARS = 64 * 1024;
const DATE = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/;

/** Refused: the reasons under `file`, the first 100 and how many more. */
function refused(errors: string[]): ValidationError {
  const shown = errors.slice(0, FRIENDS_CSV_LIMITS.errorsShown);
  if (errors.length > shown.length) shown.push(`ほか${errors.length - shown.length}件`);
  return new ValidationError(FRIENDS_CSV_TEXT.importFailed, { file: shown });
}

/**
 * A cell as the value the friend-information rules read (decision 0160): a date as Excel may
 * have rewritten it (2026/4/5) back to 2026-04-05; a choice by its name; several by names joined
 * by '、' or ','. A name that is no choice of the field becomes an id no field has, so the rules
 * refuse it with their own message naming the field.
 */
function cellValue(field: Field, cell: string): VarValue {
  switch (field.type) {
    case 'date': {
      const match = DATE.exec(cell);
      return match
        ? `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}`
        : cell;
    }
    case 'choice':
      return field.choices.get(cell) ?? -1;
    case 'multi_choice':
      return cell
        .split(/[、,]/)
        .map((name) => name.trim())
        .filter((name) => name !== '')
        .map((name) => field.choices.get(name) ?? -1);
    default:
      return cell;
  }
}

/**
 * Friend information from a CSV (decision 0160): a header row naming `LINEユーザーID` and the
 * fields to write by their names (other columns — an exported file's 名前, 状態, タグ — are
 * ignored); an empty cell leaves that value as it is. Every row is checked first; one bad row
 * and nothing is written, every reason listed with its line. Otherwise one transaction.
 */
export async function importFriendsCsv(
  db: Database,
  accountId: number,
  bytes: Buffer,
): Promise<FriendsImportResult> {
  if (bytes.length === 0) throw refused([FRIENDS_CSV_TEXT.fileRequired]);
  const encoding = detectEncoding(bytes);
  const text = encoding ? decodeCsv(bytes, encoding) : null;
  if (text === null) throw refused([FRIENDS_CSV_TEXT.fileEncoding]);

  let records: CsvRecord[];
  try {
    records = [...csvRecords(text, MAX_RECORD_CHARS)];
  } catch (error) {
    if (error instanceof CsvFormatError) throw refused([FRIENDS_CSV_TEXT.format(error.line)]);
    throw error;
  }
  const [head, ...rows] = records;
  if (!head || rows.length === 0) throw refused([FRIENDS_CSV_TEXT.fileEmpty]);
  if (rows.length > FRIENDS_CSV_LIMITS.importRows) throw refused([FRIENDS_CSV_TEXT.tooManyRows]);

  const items = await varItemsOf(db, accountId);
  const choices = await choicesOfVars(
    db,
    items.map((item) => item.id),
  );
  const names = head.cells.map((cell) => cell.trim());
  const repeated = names.find((name, index) => name !== '' && names.indexOf(name) !== index);
  if (repeated) throw refused([FRIENDS_CSV_TEXT.duplicateColumn(repeated)]);
  const userIdAt = names.indexOf(FRIENDS_CSV_COLUMNS.lineUserId);
  if (userIdAt < 0) throw refused([FRIENDS_CSV_TEXT.noUserIdColumn]);
  const columns: { at: number; field: Field }[] = [];
  for (const item of items) {
    const at = names.indexOf(item.name);
    if (at < 0) continue;
    const own = choices.filter((choice) => choice.varId === item.id);
    columns.push({
      at,
      field: {
        id: item.id,
        name: item.name,
        type: item.type as VarType,
        choices: new Map(own.map((choice) => [choice.name, choice.id])),
      },
    });
  }
  if (columns.length === 0) throw refused([FRIENDS_CSV_TEXT.noFieldColumn]);
  // A row's reasons in the order of its cells.
  columns.sort((a, b) => a.at - b.at);

  const userIds = [...new Set(rows.map((row) => (row.cells[userIdAt] ?? '').trim()))];
  const friends = new Map<string, number>();
  for (let start = 0; start < userIds.length; start += 1000) {
    const found = await db
      .select({ id: members.id, lineUserId: members.lineUserId })
      .from(members)
      .where(
        and(
          eq(members.accountId, accountId),
          inArray(members.lineUserId, userIds.slice(start, start + 1000)),
        ),
      );
    for (const friend of found) friends.set(friend.lineUserId, friend.id);
  }

  const errors: string[] = [];
  const writes: FriendValues[] = [];
  const seen = new Map<number, number>();
  for (const { cells, line } of rows) {
    const userId = (cells[userIdAt] ?? '').trim();
    if (userId === '') {
      errors.push(FRIENDS_CSV_TEXT.userIdMissing(line));
      continue;
    }
    const memberId = friends.get(userId);
    if (memberId === undefined) {
      errors.push(FRIENDS_CSV_TEXT.friendNotFound(line, userId));
      continue;
    }
    const first = seen.get(memberId);
    if (first !== undefined) {
      errors.push(FRIENDS_CSV_TEXT.duplicateFriend(line, first));
      continue;
    }
    seen.set(memberId, line);
    const write: FriendValues = { memberId, varIds: [], rows: [] };
    for (const { at, field } of columns) {
      const cell = (cells[at] ?? '').trim();
      if (cell === '') continue;
      const parsed = parseVarValue(field, new Set(field.choices.values()), cellValue(field, cell));
      if ('error' in parsed) {
        errors.push(FRIENDS_CSV_TEXT.value(line, parsed.error));
        continue;
      }
      write.varIds.push(field.id);
      write.rows.push(...parsed.rows.map((row) => ({ varId: field.id, ...row })));
    }
    if (write.varIds.length > 0) writes.push(write);
  }
  if (errors.length > 0) throw refused(errors);

  await db.transaction(async (tx) => {
    for (const write of writes)
      await replaceFriendValues(tx, write.memberId, write.varIds, write.rows);
  });
  return {
    friends: writes.length,
    values: writes.reduce((sum, write) => sum + write.varIds.length, 0),
  };
}
