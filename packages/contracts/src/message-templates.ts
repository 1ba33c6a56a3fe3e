import { z } from 'zod';
import { idParam, idSchema } from './ids.js';
import { isLineObject, LINE_MESSAGE_LIMITS, lineMessageProblems } from './line-message-rules.js';
import { MESSAGE_CHECK_TEXT, sendableMessageProblems } from './line-message-check.js';

export { LINE_TEMPLATE_LIMITS, utf8Bytes } from './line-message-check.js';

/**
 * Message templates (issue 14, decision 0161): what operators send to LINE friends — from a
 * test send, journeys, triggers and episodes. A template is one to five LINE message objects,
 * stored in the Messaging API's own shape so sending is a copy; text may hold the friend
 * aliases of REF-14 (`{{var:…}}`, `{{commonVar:…}}`, `{{form:…}}`), rendered per friend before
 * it is queued. `standard` templates are made with the simple editor (text, image, buttons,
 * confirm); `flex` ones with the flex JSON editor and need the `flex-message` right.
 */
export const TEMPLATE_NAME_MAX = 100;
export const TEMPLATE_GROUP_NAME_MAX = 50;
export const TEMPLATE_MESSAGES_MAX = LINE_MESSAGE_LIMITS.messages;
export const TEMPLATE_KINDS = ['standard', 'flex'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

export const TEMPLATE_TEXT = {
  nameRequired: 'テンプレート名を入力してください',
  nameTooLong: `テンプレート名は${TEMPLATE_NAME_MAX}文字以内で入力してください`,
  groupNameRequired: 'フォルダ名を入力してください',
  groupNameTooLong: `フォルダ名は${TEMPLATE_GROUP_NAME_MAX}文字以内で入力してください`,
  groupNameTaken: '同じ名前のフォルダがあります',
  groupNotFound: 'フォルダが見つかりません',
  groupHasTemplates: (count: number) =>
    `このフォルダにはテンプレートが${count}件あります。別のフォルダへ移すか削除してから、フォルダを削除してください`,
  notFound: 'テンプレートが見つかりません',
  friendNotFound: 'LINE友だちが見つかりません',
  friendBlocked: 'この友だちはブロック中のため送信できません',
  messagesRequired: 'メッセージを1つ以上追加してください',
  messagesTooMany: `メッセージは${TEMPLATE_MESSAGES_MAX}つまでです`,
  message: (index: number, problem: string) => `${index + 1}つ目のメッセージ：${problem}`,
  flexRequired: 'フレックスメッセージを使う権限がありません',
  flexOnlyInFlex: 'フレックスメッセージはフレックスエディタで編集してください',
  flexTooLarge: MESSAGE_CHECK_TEXT.flexTooLarge,
  buttonsActionsCount: MESSAGE_CHECK_TEXT.buttonsActionsCount,
  confirmActionsCount: MESSAGE_CHECK_TEXT.confirmActionsCount,
  testSent: 'テスト送信しました',
  testSendNotFound: 'テスト送信が見つかりません',
  testSendWaiting: '送信待ちです',
  testSendFailed: 'テスト送信できませんでした',
  testSendSkipped: 'テスト送信しませんでした',
  segmentNotFound: 'セグメントが見つかりません',
  broadcastQueued: (friends: number) =>
    `${friends.toLocaleString('ja-JP')}人への送信を受け付けました`,
  broadcastNobody: 'このセグメントに当てはまる、ブロックしていない友だちがいません',
  ungrouped: '未分類',
  /** LINE's own check on save refused a property (decision 0192): LINE's words, its property. */
  lineRefused: (property: string, message: string) =>
    `LINEが受け付けませんでした：${message || '内容に誤りがあります'}${property ? `（${property}）` : ''}`,
  lineRefusedForm: 'LINEが受け付けない内容があります。メッセージごとの表示を確認してください',
  lineUnreachable:
    'LINEに接続できなかったため、LINEでの確認をせずに保存しました。送信のときにLINEが受け付けないことがあります',
} as const;

/**
 * What LINE said when the template was saved (decision 0192): `passed` (LINE took the messages),
 * `not_connected` (the account has no channel to ask with), `unreachable` (LINE could not be
 * asked; saved without its check).
 */
export const TEMPLATE_LINE_CHECKS = ['passed', 'not_connected', 'unreachable'] as const;
export const templateLineCheckSchema = z.enum(TEMPLATE_LINE_CHECKS);
export type TemplateLineCheck = z.infer<typeof templateLineCheckSchema>;

/** Message types a template holds: the simple editor's, flex (flex editor), and LINE's coupon. */
const TEMPLATE_MESSAGE_TYPES = ['text', 'image', 'template', 'flex', 'coupon'];

/**
 * What LINE would refuse in one message of a template of this kind, in Japanese: the types a
 * template holds, then the one check every message gets before it is sent (line-message-check).
 */
export function templateMessageProblems(kind: TemplateKind, message: unknown): string[] {
  if (!isLineObject(message)) return [MESSAGE_CHECK_TEXT.notMessage];
  const generic = lineMessageProblems(message);
  if (generic.length > 0) return generic;
  if (!TEMPLATE_MESSAGE_TYPES.includes(String(message.type)))
    return [`種類「${String(message.type)}」はテンプレートでは使えません`];
  if (message.type === 'flex' && kind !== 'flex') return [TEMPLATE_TEXT.flexOnlyInFlex];
  return sendableMessageProblems(message);
}

const templateName = z
  .string({ error: TEMPLATE_TEXT.nameRequired })
  .trim()
  .min(1, { error: TEMPLATE_TEXT.nameRequired })
  .max(TEMPLATE_NAME_MAX, { error: TEMPLATE_TEXT.nameTooLong });

/** Create or replace a template: the messages are checked one by one, each problem named. */
export const templateInputSchema = z
  .object({
    name: templateName,
    group_id: idSchema.nullable(),
    kind: z.enum(TEMPLATE_KINDS).default('standard'),
    messages: z
      .array(z.unknown(), { error: TEMPLATE_TEXT.messagesRequired })
      .min(1, { error: TEMPLATE_TEXT.messagesRequired })
      .max(TEMPLATE_MESSAGES_MAX, { error: TEMPLATE_TEXT.messagesTooMany }),
  })
  .superRefine((input, context) => {
    input.messages.forEach((message, index) => {
      for (const problem of templateMessageProblems(input.kind, message))
        context.addIssue({
          code: 'custom',
          path: ['messages', index],
          message: TEMPLATE_TEXT.message(index, problem),
        });
    });
  });
export type TemplateInput = z.input<typeof templateInputSchema>;

export const templateGroupInputSchema = z.object({
  name: z
    .string({ error: TEMPLATE_TEXT.groupNameRequired })
    .trim()
    .min(1, { error: TEMPLATE_TEXT.groupNameRequired })
    .max(TEMPLATE_GROUP_NAME_MAX, { error: TEMPLATE_TEXT.groupNameTooLong }),
});

export const templateIdParamsSchema = z.object({ id: idParam });

export const templateTestSendInputSchema = z.object({ friend_id: idSchema });

/** Send a template to every following friend a saved segment finds (decision 0166). */
export const templateBroadcastInputSchema = z.object({ member_query_id: idSchema });
export const templateBroadcastResultSchema = z.object({
  /** Following friends the segment found when the broadcast was queued. */
  friends: z.number().int(),
  /** LINE requests queued: multicasts of up to 500, or one push per friend with aliases. */
  requests: z.number().int(),
});
export type TemplateBroadcastResult = z.infer<typeof templateBroadcastResultSchema>;

/** A template as the list shows it: no message bodies, a preview of the first text. */
export const templateSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(TEMPLATE_KINDS),
  group_id: z.number().int().nullable(),
  favorite: z.boolean(),
  /** Begins at 1 within its group. */
  order: z.number().int(),
  message_count: z.number().int(),
  /** The first message's text, or its alt text, cut to 60 characters. */
  preview: z.string(),
  updated_at: z.string(),
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;

export const templateGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  order: z.number().int(),
});

export const templateListSchema = z.object({
  groups: z.array(templateGroupSchema),
  items: z.array(templateSummarySchema),
});
export type TemplateList = z.infer<typeof templateListSchema>;

export const templateSchema = templateSummarySchema.extend({
  messages: z.array(z.record(z.string(), z.unknown())),
});
export type Template = z.infer<typeof templateSchema>;

/** A created template: its id and what LINE said of it. */
export const templateCreatedSchema = z.object({
  id: z.number().int(),
  line_check: templateLineCheckSchema,
});
/** A saved template, and what LINE said of it. */
export const templateSavedSchema = templateSchema.extend({ line_check: templateLineCheckSchema });

export const templateFavoriteInputSchema = z.object({ favorite: z.boolean() });

/** Preview text of a message list: the first text, else the first alt text. */
export function templatePreview(messages: readonly unknown[]): string {
  for (const message of messages) {
    if (!isLineObject(message)) continue;
    const text =
      typeof message.text === 'string'
        ? message.text
        : typeof message.altText === 'string'
          ? message.altText
          : undefined;
    if (text !== undefined) return text.replace(/\s+/g, ' ').trim().slice(0, 60);
    if (message.type === 'image') return '[画像]';
  }
  return '';
}
