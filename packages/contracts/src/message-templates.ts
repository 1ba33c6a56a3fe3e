import { z } from 'zod';
import { idParam, idSchema } from './ids.js';
import { isLineObject, LINE_MESSAGE_LIMITS, lineMessageProblems } from './line-message-rules.js';
import { flexContainerProblems, flexProblemText } from './flex-message.js';

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

/** LINE's limits for the template message types the simple editor makes. */
export const LINE_TEMPLATE_LIMITS = {
  buttonsTitleChars: 40,
  /** 160 without title and image, 60 with either. */
  buttonsTextChars: 160,
  buttonsTextCharsWithTitleOrImage: 60,
  buttonsActions: 4,
  confirmTextChars: 240,
  confirmActions: 2,
  actionLabelChars: 20,
  actionTextChars: 300,
  /** LINE refuses a flex message's JSON over this size (bytes, UTF-8). */
  flexBytes: 30 * 1024,
} as const;

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
  flexTooLarge: (bytes: number) =>
    `フレックスメッセージが大きすぎます（${Math.ceil(bytes / 1024)}KB、上限30KB）`,
  buttonsActionsCount: `ボタンは1〜${LINE_TEMPLATE_LIMITS.buttonsActions}個にしてください`,
  confirmActionsCount: '確認の選択肢はちょうど2つにしてください',
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
} as const;

const count = (n: number) => n.toLocaleString('ja-JP');

function textProblem(value: unknown, label: string, max: number): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return `${label}を入力してください`;
  if (value.length > max) return `${label}は${count(max)}文字以内にしてください`;
  return undefined;
}

/** A button of a buttons or confirm template: opens a URL or sends a text as the friend. */
function actionProblems(action: unknown): string[] {
  if (!isLineObject(action)) return ['ボタンの内容がありません'];
  const problems: string[] = [];
  const label = textProblem(action.label, 'ボタンの表示名', LINE_TEMPLATE_LIMITS.actionLabelChars);
  if (label) problems.push(label);
  if (action.type === 'uri') {
    const uri = action.uri;
    if (typeof uri !== 'string' || !/^(https?:\/\/|tel:|line:\/\/)/.test(uri))
      problems.push('ボタンのURLは https://、http://、tel: または line:// で始めてください');
    else if (uri.length > LINE_MESSAGE_LIMITS.urlChars)
      problems.push(`ボタンのURLは${count(LINE_MESSAGE_LIMITS.urlChars)}文字以内にしてください`);
  } else if (action.type === 'message') {
    const text = textProblem(action.text, 'ボタンで送る文', LINE_TEMPLATE_LIMITS.actionTextChars);
    if (text) problems.push(text);
  } else {
    problems.push('ボタンの種類は「URLを開く」か「文を送る」にしてください');
  }
  return problems;
}

/** Buttons and confirm templates: LINE's own limits, beyond the generic ones. */
function templateProblems(message: Record<string, unknown>): string[] {
  const template = message.template;
  if (!isLineObject(template)) return [];
  const actions = Array.isArray(template.actions) ? template.actions : [];
  const problems: string[] = [];
  if (template.type === 'buttons') {
    const decorated = Boolean(template.title) || Boolean(template.thumbnailImageUrl);
    const max = decorated
      ? LINE_TEMPLATE_LIMITS.buttonsTextCharsWithTitleOrImage
      : LINE_TEMPLATE_LIMITS.buttonsTextChars;
    const text = textProblem(template.text, '本文', max);
    if (text) problems.push(text);
    if (template.title !== undefined) {
      const title = textProblem(template.title, 'タイトル', LINE_TEMPLATE_LIMITS.buttonsTitleChars);
      if (title) problems.push(title);
    }
    if (
      template.thumbnailImageUrl !== undefined &&
      !(
        typeof template.thumbnailImageUrl === 'string' &&
        template.thumbnailImageUrl.startsWith('https://')
      )
    )
      problems.push('画像のURLは https:// で始まるURLで指定してください');
    if (actions.length < 1 || actions.length > LINE_TEMPLATE_LIMITS.buttonsActions)
      problems.push(TEMPLATE_TEXT.buttonsActionsCount);
  } else if (template.type === 'confirm') {
    const text = textProblem(template.text, '本文', LINE_TEMPLATE_LIMITS.confirmTextChars);
    if (text) problems.push(text);
    if (actions.length !== LINE_TEMPLATE_LIMITS.confirmActions)
      problems.push(TEMPLATE_TEXT.confirmActionsCount);
  } else {
    problems.push('テンプレートの種類は buttons か confirm にしてください');
  }
  return [...problems, ...actions.flatMap(actionProblems)];
}

/** UTF-8 length of the JSON LINE receives (the contracts run in the browser and in Node). */
export function utf8Bytes(value: unknown): number {
  let bytes = 0;
  for (const char of JSON.stringify(value) ?? '') {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** What LINE would refuse in one message of a template of this kind, in Japanese. */
export function templateMessageProblems(kind: TemplateKind, message: unknown): string[] {
  if (!isLineObject(message)) return ['メッセージの内容がありません'];
  const generic = lineMessageProblems(message);
  if (generic.length > 0) return generic;
  switch (message.type) {
    case 'text':
    case 'image':
      return [];
    case 'template':
      return templateProblems(message);
    case 'flex': {
      if (kind !== 'flex') return [TEMPLATE_TEXT.flexOnlyInFlex];
      const bytes = utf8Bytes(message.contents);
      if (bytes > LINE_TEMPLATE_LIMITS.flexBytes) return [TEMPLATE_TEXT.flexTooLarge(bytes)];
      return flexContainerProblems(message.contents).map(flexProblemText);
    }
    default:
      return [`種類「${String(message.type)}」はテンプレートでは使えません`];
  }
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
