import { z } from 'zod';
import { friendListQuerySchema } from './friends.js';

/**
 * Friends as CSV (issue 13, decision 0160): the (filtered) friends list exported with their
 * tags and friend information for Excel — UTF-8 with BOM or CP932, chosen — and friend
 * information imported from a CSV keyed by LINE user id (CP932 or UTF-8, as the notification
 * upload reads them). The import needs `tag-write` (decision 0141).
 */
export const FRIENDS_CSV_ENCODINGS = ['utf-8', 'cp932'] as const;
export type FriendsCsvEncoding = (typeof FRIENDS_CSV_ENCODINGS)[number];

export const FRIENDS_CSV_LIMITS = {
  importBytes: 5 * 1024 * 1024,
  importRows: 20_000,
  errorsShown: 100,
} as const;

/** The fixed columns, then one column per friend-information field, named as the field. */
export const FRIENDS_CSV_COLUMNS = {
  name: '名前',
  lineUserId: 'LINEユーザーID',
  state: '状態',
  followedAt: '友だち追加日時',
  lastMessageAt: '最終メッセージ日時',
  tags: 'タグ',
} as const;

/** Several choices of a multi-choice field in one cell: joined by '、' (',' is read too). */
export const FRIENDS_CSV_CHOICE_SEPARATOR = '、';

export const FRIENDS_CSV_TEXT = {
  fileRequired: 'CSVファイルを選んでください',
  fileTooLarge: `ファイルは${FRIENDS_CSV_LIMITS.importBytes / 1024 / 1024}MBまでです`,
  fileEncoding: 'ファイルの文字コードを読めません（CP932 または UTF-8 で保存してください）',
  fileEmpty: 'ファイルに友だちの行がありません',
  tooManyRows: `行数が上限（${FRIENDS_CSV_LIMITS.importRows.toLocaleString('ja-JP')}行）を超えています`,
  noUserIdColumn: `見出し行に「${FRIENDS_CSV_COLUMNS.lineUserId}」の列がありません`,
  noFieldColumn:
    '見出し行に友だち情報欄の名前の列がありません（友だち情報欄の名前と同じ見出しにしてください）',
  duplicateColumn: (name: string) => `見出し「${name}」が2回あります`,
  format: (line: number) => `${line}行目: CSVの形式が正しくありません（引用符の閉じ忘れなど）`,
  userIdMissing: (line: number) => `${line}行目: ${FRIENDS_CSV_COLUMNS.lineUserId}がありません`,
  friendNotFound: (line: number, userId: string) =>
    `${line}行目: LINEユーザーID「${userId.slice(0, 40)}」の友だちが見つかりません`,
  duplicateFriend: (line: number, first: number) => `${line}行目: ${first}行目と同じ友だちです`,
  value: (line: number, message: string) => `${line}行目: ${message}`,
  importFailed: '取り込めませんでした。誤りのある行を直して、もう一度選んでください',
  imported: (friends: number) => `${friends.toLocaleString('ja-JP')}人の友だち情報を取り込みました`,
  cp932Note: 'CP932 では表せない文字（絵文字など）は「?」になります',
} as const;

/** The export takes the friends list's filters (not its page) and the encoding. */
export const friendsExportQuerySchema = friendListQuerySchema.omit({ page: true }).extend({
  encoding: z.enum(FRIENDS_CSV_ENCODINGS).default('utf-8'),
});
export type FriendsExportQuery = z.input<typeof friendsExportQuerySchema>;

export const friendsImportResultSchema = z.object({
  /** Friends whose information was written. */
  friends: z.number().int(),
  /** Cells written (a friend's value of a field). */
  values: z.number().int(),
});
export type FriendsImportResult = z.infer<typeof friendsImportResultSchema>;
