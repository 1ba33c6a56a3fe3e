import { z } from 'zod';
import { idParam, idSchema } from './ids.js';
import { utf8Bytes } from './message-templates.js';

/**
 * Triggers and the open API (issue 14, TRG-01..11, decision 0170). An external system (a POS,
 * a website, a form tool) posts an event with an API key of the account, naming a friend by
 * LINE user id or phone; each active action of the triggers listening to that event runs for the
 * friend when its segment finds them: start a journey, send a template, add or remove a tag.
 * Every event is kept as the context store (TRG-11) and shown to the operator as the call log.
 */
export const TRIGGER_NAME_MAX = 100;
export const OPEN_API_EVENT_MAX = 100;
export const OPEN_API_LABEL_MAX = 200;
/** The params JSON an event may carry (bytes, UTF-8). */
export const OPEN_API_PARAMS_BYTES = 8 * 1024;
export const OPEN_API_KEYS_MAX = 10;
/** Event posts per key per minute. */
export const OPEN_API_RATE_PER_MINUTE = 120;
export const OPEN_API_EVENTS_PAGE = 100;
/** TRG-11: the context store's default category. */
export const OPEN_API_CATEGORY = 'open_api';

export const TRIGGER_TEXT = {
  nameRequired: '名前を入力してください',
  nameTooLong: `名前は${TRIGGER_NAME_MAX}文字以内で入力してください`,
  eventRequired: 'イベント名を入力してください',
  eventInvalid: `イベント名は英数字と _ . : - で${OPEN_API_EVENT_MAX}文字以内にしてください`,
  notFound: 'トリガーが見つかりません',
  actionNotFound: 'トリガーアクションが見つかりません',
  actionTypeInvalid: 'アクションの種類が正しくありません',
  actionTargetRequired: 'このアクションの対象を選んでください',
  journeyNotFound: 'ジャーニーが見つかりません',
  templateNotFound: 'テンプレートが見つかりません',
  tagNotFound: 'タグが見つかりません',
  segmentNotFound: 'セグメントが見つかりません',
  stateInvalid: 'state は active か inactive です',
  keyNameRequired: 'キーの名前を入力してください',
  keysTooMany: `APIキーは${OPEN_API_KEYS_MAX}個までです。使わないキーを無効にしてください`,
  keyNotFound: 'APIキーが見つかりません',
  /** 401 of the open API: no key, a wrong key or a revoked one (never which). */
  keyInvalid: 'APIキーが正しくないか、無効になっています',
  rateLimited: `APIキーごとの送信は1分間に${OPEN_API_RATE_PER_MINUTE}回までです。しばらく待ってから送ってください`,
  friendRequired: 'line_user_id か tel のどちらか一つで友だちを指定してください',
  friendNotFound: '指定された友だちが見つかりません',
  telInvalid: '電話番号の形式が正しくありません（例: 090-1234-5678）',
  paramsTooLarge: `params は${OPEN_API_PARAMS_BYTES / 1024}KB以内にしてください`,
  idempotencyKeyInvalid: 'Idempotency-Key は1〜100文字の英数字と - _ で指定してください',
  idempotencyMismatch: '同じ Idempotency-Key で別の内容が送られました',
} as const;

const name = z
  .string({ error: TRIGGER_TEXT.nameRequired })
  .trim()
  .min(1, { error: TRIGGER_TEXT.nameRequired })
  .max(TRIGGER_NAME_MAX, { error: TRIGGER_TEXT.nameTooLong });

export const eventNameSchema = z
  .string({ error: TRIGGER_TEXT.eventRequired })
  .trim()
  .min(1, { error: TRIGGER_TEXT.eventRequired })
  .max(OPEN_API_EVENT_MAX, { error: TRIGGER_TEXT.eventInvalid })
  .regex(/^[A-Za-z0-9_.:-]+$/, { error: TRIGGER_TEXT.eventInvalid });

// --- triggers and their actions -----------------------------------------------------------------

export const TRIGGER_ACTION_TYPES = ['journey', 'template', 'add_tag', 'remove_tag'] as const;
export type TriggerActionType = (typeof TRIGGER_ACTION_TYPES)[number];
export const TRIGGER_ACTION_LABELS: Record<TriggerActionType, string> = {
  journey: 'ジャーニーを開始',
  template: 'テンプレートを送信',
  add_tag: 'タグを付ける',
  remove_tag: 'タグを外す',
};

/** TRG-02: `action_id` is the journey, template or tag; null only records the event. */
export const triggerActionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  trigger_id: z.number().int(),
  action_type: z.enum(TRIGGER_ACTION_TYPES),
  action_id: z.number().int().nullable(),
  /** The segment the friend must be in; null: every friend. */
  member_query_id: z.number().int().nullable(),
  is_active: z.boolean(),
});
export type TriggerAction = z.infer<typeof triggerActionSchema>;

/** TRG-01. */
export const triggerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  event: z.string(),
  open_api_trigger_actions: z.array(triggerActionSchema),
});
export type Trigger = z.infer<typeof triggerSchema>;

export const triggerInputSchema = z.object({ name, event: eventNameSchema });
export type TriggerInput = z.infer<typeof triggerInputSchema>;

export const triggerActionInputSchema = z.object({
  name,
  action_type: z.enum(TRIGGER_ACTION_TYPES, { error: TRIGGER_TEXT.actionTypeInvalid }),
  action_id: idSchema.nullable(),
  member_query_id: idSchema.nullable().default(null),
  is_active: z.boolean().default(true),
});
export type TriggerActionInput = z.input<typeof triggerActionInputSchema>;

/** TRG-08/09. */
export const TRIGGER_STATES = ['active', 'inactive'] as const;
export const triggerStateInputSchema = z.object({
  state: z.enum(TRIGGER_STATES, { error: TRIGGER_TEXT.stateInvalid }),
});

export const triggerIdParamsSchema = z.object({ id: idParam });
export const triggerActionParamsSchema = z.object({ triggerId: idParam, id: idParam });
export const triggerActionsParamsSchema = z.object({ triggerId: idParam });

// --- API keys ---------------------------------------------------------------------------------

export const openApiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The secret's first characters, to tell keys apart. */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type OpenApiKey = z.infer<typeof openApiKeySchema>;
/** The secret is in this answer only; it is never shown again. */
export const openApiKeyCreatedSchema = openApiKeySchema.extend({ secret: z.string() });
export type OpenApiKeyCreated = z.infer<typeof openApiKeyCreatedSchema>;
export const openApiKeyInputSchema = z.object({
  name: z
    .string({ error: TRIGGER_TEXT.keyNameRequired })
    .trim()
    .min(1, { error: TRIGGER_TEXT.keyNameRequired })
    .max(TRIGGER_NAME_MAX, { error: TRIGGER_TEXT.nameTooLong }),
});

// --- events (the context store) -----------------------------------------------------------------

const paramsSchema = z
  .record(z.string(), z.unknown())
  .default({})
  .refine((params) => utf8Bytes(params) <= OPEN_API_PARAMS_BYTES, {
    error: TRIGGER_TEXT.paramsTooLarge,
  });

/** `POST /api/open_api/events`: exactly one of `line_user_id` and `tel` names the friend. */
export const openApiEventInputSchema = z
  .object({
    event: eventNameSchema,
    label: z.string().trim().max(OPEN_API_LABEL_MAX).default(''),
    params: paramsSchema,
    line_user_id: z
      .string()
      .trim()
      .regex(/^U[0-9a-f]{32}$/)
      .optional(),
    tel: z.string().trim().max(30).optional(),
  })
  .refine((input) => (input.line_user_id === undefined) !== (input.tel === undefined), {
    error: TRIGGER_TEXT.friendRequired,
    path: ['line_user_id'],
  });
export type OpenApiEventInput = z.input<typeof openApiEventInputSchema>;

export const OPEN_API_ACTION_RESULTS = [
  'ran',
  'already',
  'not_in_segment',
  'inactive',
  'target_missing',
  'recorded',
] as const;
export type OpenApiActionResult = (typeof OPEN_API_ACTION_RESULTS)[number];
export const OPEN_API_ACTION_RESULT_LABELS: Record<OpenApiActionResult, string> = {
  ran: '実行しました',
  already: 'このイベントでは実行済みです',
  not_in_segment: 'セグメントに当てはまりません',
  inactive: '対象が停止中です',
  target_missing: '対象が見つかりません（削除された可能性があります）',
  recorded: '記録のみ',
};

export const openApiEventOutcomeSchema = z.object({
  /** The event's id in the context store. */
  id: z.number().int(),
  friend_id: z.number().int(),
  actions: z.array(
    z.object({
      trigger_action_id: z.number().int(),
      name: z.string(),
      result: z.enum(OPEN_API_ACTION_RESULTS),
    }),
  ),
});
export type OpenApiEventOutcome = z.infer<typeof openApiEventOutcomeSchema>;

/** TRG-11: one entry of the context store, as the console's call log shows it. */
export const openApiEventSchema = z.object({
  id: z.number().int(),
  category: z.string(),
  event: z.string(),
  label: z.string(),
  params: z.record(z.string(), z.unknown()),
  friend_id: z.number().int().nullable(),
  friend_name: z.string().nullable(),
  key_name: z.string().nullable(),
  actions: openApiEventOutcomeSchema.shape.actions,
  received_at: z.string(),
});
export type OpenApiEvent = z.infer<typeof openApiEventSchema>;
