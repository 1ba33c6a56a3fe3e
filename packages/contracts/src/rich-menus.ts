import { z } from 'zod';
import { idParam, idSchema } from './ids.js';

/**
 * Rich menus (issue 25, decision 0256): the fixed bodies of `POST /api/line/rich_menus` and
 * `POST /api/line/rich_menus/{id}/publish`, and what `GET /api/line/rich_menus[/{id}]` reads.
 * Our menu is not LINE's object: an area's action names our things (an action set, another of
 * our menus), and the server turns it into LINE's action (signed postback data, an alias) when
 * it publishes. Limits are LINE's (messaging-api.yml RichMenuRequest).
 */
export const RICH_MENU_NAME_MAX = 300;
export const RICH_MENU_CHAT_BAR_MAX = 14;
export const RICH_MENU_AREAS_MAX = 20;
/** LINE's action `label` (optional in a rich menu) and a message action's `text`. */
export const RICH_MENU_LABEL_MAX = 20;
export const RICH_MENU_TEXT_MAX = 300;
export const RICH_MENU_URI_MAX = 1000;

/** The image sizes we make (LINE's full and half templates; `sharp` resizes to one). */
export const RICH_MENU_SIZES = [
  { width: 2500, height: 1686 },
  { width: 2500, height: 843 },
  { width: 1200, height: 810 },
  { width: 1200, height: 405 },
  { width: 800, height: 540 },
  { width: 800, height: 270 },
] as const;
export type RichMenuSize = (typeof RICH_MENU_SIZES)[number];

export const RICH_MENU_TEXT = {
  nameRequired: '管理名を入力してください',
  nameTooLong: `管理名は${RICH_MENU_NAME_MAX}文字以内で入力してください`,
  chatBarRequired: 'メニューバーのテキストを入力してください',
  chatBarTooLong: `メニューバーのテキストは${RICH_MENU_CHAT_BAR_MAX}文字以内で入力してください`,
  selectedRequired: '最初にメニューを開くかどうか（selected）を指定してください',
  sizeInvalid: `画像サイズ（size）は ${RICH_MENU_SIZES.map((s) => `${s.width}×${s.height}`).join('・')} のいずれかにしてください`,
  areasTooMany: `タップ領域は${RICH_MENU_AREAS_MAX}個までです`,
  boundsInvalid: 'タップ領域の位置と大きさ（bounds）は0以上の整数で、幅と高さは1以上にしてください',
  boundsOutside: 'タップ領域（bounds）が画像の外にはみ出しています',
  actionInvalid:
    'タップ時の動作（action）の type は uri・message・postback・richmenuswitch・datetimepicker のいずれかにしてください',
  labelTooLong: `ラベル（label）は${RICH_MENU_LABEL_MAX}文字以内で入力してください`,
  uriRequired: 'リンク先URL（uri）を入力してください',
  uriTooLong: `リンク先URL（uri）は${RICH_MENU_URI_MAX.toLocaleString('ja-JP')}文字以内で入力してください`,
  uriInvalid: 'リンク先URL（uri）は https:// か tel: で始まる正しいURLにしてください',
  textRequired: '送るテキスト（text）を入力してください',
  textTooLong: `送るテキスト（text）は${RICH_MENU_TEXT_MAX}文字以内で入力してください`,
  modeInvalid: '日時選択の種類（mode）は date・time・datetime のいずれかにしてください',
  audienceInvalid:
    "公開先（audience）の type は 'default'・'tag'・'segment' のいずれかにしてください",
  notFound: 'リッチメニューが見つかりません',
  imageMissing: (name: string) =>
    `画像がまだありません：${name}（画像を登録してから公開してください）`,
  tagMissing: 'タグが見つかりません',
  segmentMissing: 'セグメントが見つかりません',
  busy: '公開処理中です。終わってからもう一度お試しください',
  lineRefused: (name: string, reason: string) =>
    `LINE が「${name}」を受け付けませんでした（${reason}）`,
  insightBelowThreshold:
    'タップした人数が LINE のプライバシー基準に満たないため、LINE の集計は表示されません',
  insightNotPublished: 'LINE に公開されていないため、LINE の集計はありません',
} as const;

const text = (required: string, tooLong: string, max: number) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });
const label = z
  .string({ error: RICH_MENU_TEXT.labelTooLong })
  .max(RICH_MENU_LABEL_MAX, { error: RICH_MENU_TEXT.labelTooLong })
  .optional();

/** https:// (the booking page, a form, any page) or tel: (the shop's phone, as LINE opens it). */
const uriSchema = z
  .string({ error: RICH_MENU_TEXT.uriRequired })
  .trim()
  .min(1, { error: RICH_MENU_TEXT.uriRequired })
  .max(RICH_MENU_URI_MAX, { error: RICH_MENU_TEXT.uriTooLong })
  .regex(/^(https:\/\/[^\s/?#@:]+(:\d{1,5})?([/?#]\S*)?|tel:[0-9+\-#*]+)$/i, {
    error: RICH_MENU_TEXT.uriInvalid,
  });

/** What a tap on one area does, in our terms. */
export const richMenuActionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('uri'), label, uri: uriSchema }),
    z.object({
      type: z.literal('message'),
      label,
      text: text(RICH_MENU_TEXT.textRequired, RICH_MENU_TEXT.textTooLong, RICH_MENU_TEXT_MAX),
    }),
    /** Runs an action set (decision 0250); the server writes its signed data (0251). */
    z.object({ type: z.literal('postback'), label, action_set_id: idSchema }),
    /** A tab: switches to another of this account's menus (through its LINE alias). */
    z.object({ type: z.literal('richmenuswitch'), label, rich_menu_id: idSchema }),
    /** The friend picks a date/time; the action set runs with it. */
    z.object({
      type: z.literal('datetimepicker'),
      label,
      mode: z.enum(['date', 'time', 'datetime'], { error: RICH_MENU_TEXT.modeInvalid }),
      action_set_id: idSchema,
    }),
  ],
  { error: RICH_MENU_TEXT.actionInvalid },
);
export type RichMenuAction = z.output<typeof richMenuActionSchema>;

const coordinate = (min: number) =>
  z
    .number({ error: RICH_MENU_TEXT.boundsInvalid })
    .int({ error: RICH_MENU_TEXT.boundsInvalid })
    .min(min, { error: RICH_MENU_TEXT.boundsInvalid })
    .max(2500, { error: RICH_MENU_TEXT.boundsOutside });

export const richMenuAreaSchema = z.object({
  bounds: z.object(
    { x: coordinate(0), y: coordinate(0), width: coordinate(1), height: coordinate(1) },
    { error: RICH_MENU_TEXT.boundsInvalid },
  ),
  action: richMenuActionSchema,
});
export type RichMenuArea = z.output<typeof richMenuAreaSchema>;

const sizeSchema = z
  .object(
    {
      width: z.number({ error: RICH_MENU_TEXT.sizeInvalid }),
      height: z.number({ error: RICH_MENU_TEXT.sizeInvalid }),
    },
    { error: RICH_MENU_TEXT.sizeInvalid },
  )
  .refine((s) => RICH_MENU_SIZES.some((k) => k.width === s.width && k.height === s.height), {
    error: RICH_MENU_TEXT.sizeInvalid,
  });

/** `POST /api/line/rich_menus` (and later its edit): one menu, a draft until published. */
export const richMenuInputSchema = z
  .object({
    name: text(RICH_MENU_TEXT.nameRequired, RICH_MENU_TEXT.nameTooLong, RICH_MENU_NAME_MAX),
    chat_bar_text: text(
      RICH_MENU_TEXT.chatBarRequired,
      RICH_MENU_TEXT.chatBarTooLong,
      RICH_MENU_CHAT_BAR_MAX,
    ),
    selected: z.boolean({ error: RICH_MENU_TEXT.selectedRequired }),
    size: sizeSchema,
    areas: z
      .array(richMenuAreaSchema)
      .max(RICH_MENU_AREAS_MAX, { error: RICH_MENU_TEXT.areasTooMany }),
  })
  .superRefine((menu, ctx) => {
    menu.areas.forEach((area, i) => {
      const b = area.bounds;
      if (b.x + b.width > menu.size.width || b.y + b.height > menu.size.height)
        ctx.addIssue({
          code: 'custom',
          path: ['areas', i, 'bounds'],
          message: RICH_MENU_TEXT.boundsOutside,
        });
    });
  });
export type RichMenuInput = z.input<typeof richMenuInputSchema>;

/** `POST /api/line/rich_menus/{id}/publish`: who gets the menu. */
export const richMenuAudienceSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('default') }),
    z.object({ type: z.literal('tag'), tag_id: idSchema }),
    z.object({ type: z.literal('segment'), member_query_id: idSchema }),
  ],
  { error: RICH_MENU_TEXT.audienceInvalid },
);
export type RichMenuAudience = z.output<typeof richMenuAudienceSchema>;
export const richMenuPublishInputSchema = z.object({ audience: richMenuAudienceSchema });

/**
 * A menu's state: `draft` (not on LINE), `publishing` (the publish job runs, or waits for LINE's
 * hourly budget), `published` (公開中), `failed` (LINE refused; the reason is in `publish`),
 * `replaced` (an edit made a newer LINE menu; kept while its users move).
 */
export const RICH_MENU_STATES = ['draft', 'publishing', 'published', 'failed', 'replaced'] as const;
export type RichMenuState = (typeof RICH_MENU_STATES)[number];
export const RICH_MENU_STATE_LABELS: Record<RichMenuState, string> = {
  draft: '下書き',
  publishing: '公開処理中',
  published: '公開中',
  failed: '公開失敗',
  replaced: '置き換え済み',
};

/** The publish job's steps, in order (validate → create → image → aliases → links → old menu). */
export const RICH_MENU_PUBLISH_STEPS = [
  'validate',
  'create',
  'upload_image',
  'aliases',
  'link',
  'delete_old',
  'done',
] as const;

export const richMenuPublishProgressSchema = z.object({
  step: z.enum(RICH_MENU_PUBLISH_STEPS),
  audience: richMenuAudienceSchema,
  /** Friends to link (0 for the default menu) and linked so far. */
  total: z.number().int(),
  linked: z.number().int(),
  /** When LINE's hourly budget lets the job go on (ISO), null when it is not waiting. */
  waiting_until: z.string().nullable(),
  /** LINE's refusal, in Japanese, when the job failed. */
  error: z.string().nullable(),
  /**
   * While it waits (LINE's hourly budget, a retry after LINE's server error): why and until
   * when, in Japanese (「…ごろに続きを行います」). Added by the publisher (decision 0260).
   */
  waiting_reason: z.string().nullable().optional(),
  updated_at: z.string(),
});
export type RichMenuPublishProgress = z.infer<typeof richMenuPublishProgressSchema>;

export const richMenuSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  chat_bar_text: z.string(),
  selected: z.boolean(),
  size: z.object({ width: z.number().int(), height: z.number().int() }),
  areas: z.array(richMenuAreaSchema),
  state: z.enum(RICH_MENU_STATES),
  /** Whether the image was uploaded (`PUT …/image`). */
  has_image: z.boolean(),
  /** LINE's `richMenuId` once created there. */
  line_rich_menu_id: z.string().nullable(),
  publish: richMenuPublishProgressSchema.nullable(),
  /**
   * The live version (decision 0300): who it was published to, when the publish finished, and
   * when it is shown (null: open). A failed republish leaves these as they were.
   */
  live_audience: richMenuAudienceSchema.nullable().optional(),
  published_at: z.string().nullable().optional(),
  show_from: z.string().nullable().optional(),
  show_until: z.string().nullable().optional(),
  updated_at: z.string(),
});
export type RichMenu = z.infer<typeof richMenuSchema>;
export const richMenuListSchema = z.object({ rich_menus: z.array(richMenuSchema) });
export const richMenuParamsSchema = z.object({ id: idParam });

/** `GET /api/line/rich_menus/{id}/insight` (decision 0262): LINE's summary beside our taps. */
export const richMenuInsightQuerySchema = z.object({
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '開始日（from）は YYYY-MM-DD で指定してください' })
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '終了日（to）は YYYY-MM-DD で指定してください' })
    .optional(),
});
export const richMenuInsightSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** LINE's own counts; null with `line_note` when below its privacy threshold or not on LINE. */
  line: z
    .object({
      impressions: z.number().int(),
      impression_users: z.number().int(),
      /** Per area, in the menu's order (matched by bounds). */
      areas: z.array(
        z.object({ area: z.number().int(), taps: z.number().int(), users: z.number().int() }),
      ),
    })
    .nullable(),
  line_note: z.string().nullable(),
  /** Our count of postback taps per area (areas whose action is a postback or date picker). */
  ours: z.array(
    z.object({ area: z.number().int(), taps: z.number().int(), friends: z.number().int() }),
  ),
});
export type RichMenuInsight = z.infer<typeof richMenuInsightSchema>;
