import { z } from 'zod';
import { actionListSchema, actionSchema } from './actions.js';
import { idParam, idSchema, MAX_ID } from './ids.js';

/**
 * Inflow trackers — 流入経路 (issue 29, decisions 0330–0336): a public URL `/t/{code}` (and its QR
 * code) that records a click, signs the person in with the account's LINE Login channel, and
 * sends them to the add-friend page; the follow webhook then ties the new friend to the tracker
 * and the tracker's actions run (the one action model) once per its rule.
 */
export const TRACKER_NAME_MAX = 100;
/** Public codes: lower-case letters and digits, this long (never 'callback'). */
export const TRACKER_CODE_LENGTH = 10;
export const TRACKER_RUN_MODES = ['always', 'first_follow'] as const;
export type TrackerRunMode = (typeof TRACKER_RUN_MODES)[number];

/**
 * How a tracker's URL identifies the person (decision 0475): `login` — LINE Login's consent
 * screen with `bot_prompt=aggressive`; `liff` — the account's LIFF app (inside LINE no consent
 * redirect; needs the trackers' LIFF id in LINE連携, decision 0476).
 */
export const TRACKER_ENTRIES = ['login', 'liff'] as const;
export type TrackerEntry = (typeof TRACKER_ENTRIES)[number];
export const TRACKER_ENTRY_LABELS: Record<TrackerEntry, string> = {
  login: 'LINEログイン（同意画面）',
  liff: 'LIFF（LINEアプリ内でそのまま開く）',
};

export const TRACKER_RUN_MODE_LABELS: Record<TrackerRunMode, string> = {
  always: '毎回実行する',
  first_follow: '初回の友だち追加時のみ実行する',
};

export const TRACKER_TEXT = {
  nameRequired: '流入経路名を入力してください',
  nameTooLong: `流入経路名は${TRACKER_NAME_MAX}文字以内で入力してください`,
  runModeInvalid: "実行タイミングは 'always' か 'first_follow' を指定してください",
  entryInvalid: "計測の方法は 'login' か 'liff' を指定してください",
  liffNotReady: 'LIFFで計測するには、「LINE連携」で「流入経路用のLIFF ID」を設定してください',
  entryExplanation:
    'LINEログインは、お客様に LINE ログインの同意画面を表示してから友だち追加画面へ進みます。LIFF は、LINE アプリの中ではそのまま開き、同意画面へのリダイレクトなしで友だちかどうかを確かめます。LIFF には「LINE連携」の「流入経路用のLIFF ID」が必要です（予約ページの LIFF ID とは別のLIFFアプリです）。',
  liffEndpoint: (url: string) =>
    `LIFF を使うときは、LINE Developers で流入経路用の LIFF アプリを作り、エンドポイントURLを ${url} にして、その LIFF ID を「LINE連携」の「流入経路用のLIFF ID」に保存してください。`,
  liffRefused:
    'LINEのログイン情報を確認できませんでした。QRコードかURLからもう一度開いてください。',
  liffUnreachable: 'LINEに接続できませんでした。しばらくしてからもう一度お試しください。',
  notFound: '流入経路が見つかりません',
  groupNotFound: 'フォルダが見つかりません',
  kindInvalid: '一覧の種類が正しくありません',
  loginNotReady:
    'LINEログインのチャネルIDとチャネルシークレットが未設定です。「LINE連携」で設定すると、友だち追加の経路を計測できます',
  alreadyFriend: 'すでに友だちです',
  alreadyFriendBody: 'この公式アカウントとはすでに友だちです。LINE のトーク画面に戻ってください。',
  consentExplanation:
    'QRコードやURLを開いたお客様には、まず LINE ログインの同意画面が表示されます。「許可する」を押すと、どの流入経路から来たお客様かを記録し、公式アカウントの友だち追加画面へ進みます（同意画面で友だち追加を選ぶこともできます）。同意画面で閉じたお客様は「同意画面で離脱」に数えます。計測の方法を LIFF にした流入経路では、LINE アプリの中なら同意画面へのリダイレクトなしで開き（初めての方には LIFF の同意画面が一度だけ表示されます）、同じように記録します。',
} as const;

const trackerName = z
  .string({ error: TRACKER_TEXT.nameRequired })
  .trim()
  .min(1, { error: TRACKER_TEXT.nameRequired })
  .max(TRACKER_NAME_MAX, { error: TRACKER_TEXT.nameTooLong });

/**
 * `POST /api/line/trackers`, `PUT /api/line/trackers/{id}`. The public code never changes on an
 * edit. `run_greeting`: whether the account's general greeting (友だち追加時設定) also runs for
 * a friend who came through this tracker. `active` false: the URL sends people straight to the
 * add-friend page and records nothing.
 */
export const trackerInputSchema = z.object({
  name: trackerName,
  group_id: idSchema.nullable().default(null),
  run_mode: z.enum(TRACKER_RUN_MODES, { error: TRACKER_TEXT.runModeInvalid }),
  entry: z.enum(TRACKER_ENTRIES, { error: TRACKER_TEXT.entryInvalid }).default('login'),
  actions: actionListSchema,
  run_greeting: z.boolean().default(true),
  active: z.boolean().default(true),
});
export type TrackerInput = z.input<typeof trackerInputSchema>;

/** `PUT /api/line/trackers/{id}/active`: on / off alone (the list's switch). */
export const trackerActiveInputSchema = z.object({ active: z.boolean() });

/** The answer of `POST /api/line/trackers`. */
export const trackerCreatedSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  /** The public URL `{PUBLIC_ORIGIN}/t/{code}`. */
  url: z.string(),
});
export type TrackerCreated = z.infer<typeof trackerCreatedSchema>;

/**
 * Counts of one tracker (decision 0333). `friends`: new friends who came through it;
 * `returning`: people already friends who came again; `blocked`: of those, how many blocked the
 * account since; the drops split the clicks that ended in no new friend.
 */
export const trackerCountsSchema = z.object({
  clicks: z.number().int(),
  friends: z.number().int(),
  returning: z.number().int(),
  blocked: z.number().int(),
  /** friends / clicks, 0…1; null with no click. */
  rate: z.number().nullable(),
  drop_already_friend: z.number().int(),
  drop_left_at_consent: z.number().int(),
  drop_outside_line: z.number().int(),
  /** Sent to the add-friend page but did not add. */
  drop_did_not_add: z.number().int(),
  /** Friends of this tracker with a first salon reservation, and those who visited. */
  reservations: z.number().int(),
  visits: z.number().int(),
});
export type TrackerCounts = z.infer<typeof trackerCountsSchema>;

export const trackerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  group_id: z.number().int().nullable(),
  code: z.string(),
  url: z.string(),
  run_mode: z.enum(TRACKER_RUN_MODES),
  entry: z.enum(TRACKER_ENTRIES),
  run_greeting: z.boolean(),
  active: z.boolean(),
  actions: z.array(actionSchema),
  ...trackerCountsSchema.shape,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Tracker = z.infer<typeof trackerSchema>;

/** `GET /api/line/trackers?group=`: the account's trackers (all, or one folder; 0 = 未分類). */
export const trackerListQuerySchema = z.object({
  group: z
    .string()
    .regex(/^(0|[1-9]\d{0,9})$/, { error: `フォルダIDは0〜${MAX_ID}の整数で指定してください` })
    .transform(Number)
    // Ten digits pass the pattern; the database's integer ends at MAX_ID.
    .refine((group) => group <= MAX_ID, {
      error: `フォルダIDは0〜${MAX_ID}の整数で指定してください`,
    })
    .optional(),
});
export const trackerListSchema = z.object({ trackers: z.array(trackerSchema) });
export type TrackerList = z.infer<typeof trackerListSchema>;

export const trackerParamsSchema = z.object({ id: idParam });

/** Which friends a count opens (`GET /api/line/trackers/{id}/friends?kind=`). */
export const TRACKER_FRIEND_KINDS = [
  'friends',
  'returning',
  'blocked',
  'already_friend',
  'reservations',
  'visits',
] as const;
export type TrackerFriendKind = (typeof TRACKER_FRIEND_KINDS)[number];
export const TRACKER_FRIEND_KIND_LABELS: Record<TrackerFriendKind, string> = {
  friends: '新しい友だち',
  returning: '再訪した友だち',
  blocked: 'その後ブロック',
  already_friend: 'すでに友だち',
  reservations: '初回予約',
  visits: '来店',
};
export const trackerFriendsQuerySchema = z.object({
  kind: z.enum(TRACKER_FRIEND_KINDS, { error: 'kind の値が正しくありません' }).default('friends'),
});
export const trackerFriendSchema = z.object({
  id: z.number().int(),
  display_name: z.string(),
  icon_url: z.string(),
  follow_state: z.string(),
  /** When they came through the tracker. */
  arrived_at: z.string(),
});
export type TrackerFriend = z.infer<typeof trackerFriendSchema>;
export const trackerFriendListSchema = z.object({ friends: z.array(trackerFriendSchema) });

/** Public `/t/{code}` path parameter; query: UTM and ad click ids kept for ad conversions. */
export const trackerCodeParamsSchema = z.object({ code: z.string().max(64) });
/**
 * A click's UTM or click id: kept as given, but a control character (a NUL cannot be stored) is
 * dropped rather than refused — a printed QR code must never lead to an error page.
 */
const clickParam = z
  .string()
  .max(500)
  // eslint-disable-next-line no-control-regex
  .transform((value) => value.replace(/[\u0000-\u001f\u007f]/g, ''))
  .optional();
export const trackerClickQuerySchema = z.object({
  utm_source: clickParam,
  utm_medium: clickParam,
  utm_campaign: clickParam,
  utm_term: clickParam,
  utm_content: clickParam,
  gclid: clickParam,
  gbraid: clickParam,
  wbraid: clickParam,
  fbclid: clickParam,
  ldtag_cl: clickParam,
});
/** The LINE Login callback `/t/callback` (code and state, or LINE's error when the person left). */
export const trackerCallbackQuerySchema = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

/**
 * `POST /t/liff` (public, decision 0475): what the LIFF endpoint page posts — the click
 * reference it was opened with (`c`, sealed by the server) and LIFF's ID token and access token.
 */
export const trackerLiffInputSchema = z.object({
  ref: z.string({ error: 'ref を指定してください' }).min(1).max(512),
  id_token: z.string({ error: 'id_token を指定してください' }).min(1).max(4096),
  access_token: z.string().max(4096).optional(),
});
export type TrackerLiffInput = z.infer<typeof trackerLiffInputSchema>;
/**
 * Where the person goes next: `redirect` (to `url`: the add-friend page), or `page` (the
 * endpoint page shows `title` and `body` — already a friend, `url` then opens the chat).
 */
export const trackerLiffAnswerSchema = z.object({
  next: z.enum(['redirect', 'page']),
  url: z.string().nullable(),
  title: z.string(),
  body: z.string(),
});
export type TrackerLiffAnswer = z.infer<typeof trackerLiffAnswerSchema>;
/** `GET /t/liff?c=` (the LIFF endpoint page; during LIFF's first redirect `c` is in liff.state). */
export const trackerLiffPageQuerySchema = z.object({
  c: z.string().max(512).optional(),
  'liff.state': z.string().max(2048).optional(),
});

/** `GET /api/line/trackers.csv?group=&encoding=`: the list with its counts (Excel-ready). */
export const trackerCsvQuerySchema = trackerListQuerySchema.extend({
  encoding: z
    .enum(['utf-8', 'cp932'], { error: "encoding は 'utf-8' か 'cp932' です" })
    .default('utf-8'),
});
export const TRACKER_CSV_COLUMNS = [
  '流入経路名',
  'フォルダ',
  'URL',
  '状態',
  'クリック',
  '新しい友だち',
  '再訪した友だち',
  'その後ブロック',
  '友だち追加率',
  'すでに友だち',
  '同意画面で離脱',
  'LINE外で開いた',
  '追加せず離脱',
  '初回予約',
  '来店',
] as const;
