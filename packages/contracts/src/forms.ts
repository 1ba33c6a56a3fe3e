import { z } from 'zod';
import { VAR_TYPES, varValueSchema } from './friend-info.js';
import { idParam, idSchema } from './ids.js';
import { REFERENCE_CODE_PATTERN } from './reference-shapes.js';

/**
 * Answer forms (issue 13, REF-11/12, decisions 0150–0152): questions friends answer on a public
 * page, each bound to a friend-information field so an answer is that friend's value. Reads for
 * any operator; writes with `tag-write` (friend information's right, decision 0141).
 */
export const FORM_NAME_MAX = 100;
export const FORM_QUESTIONS_MAX = 30;
export const FORM_LABEL_MAX = 100;
export const FORM_HELP_MAX = 300;
export const FORM_DESCRIPTION_MAX = 1000;
export const FORM_THANKS_MAX = 500;

export const FORM_TEXT = {
  nameRequired: 'フォーム名を入力してください',
  nameTooLong: `フォーム名は${FORM_NAME_MAX}文字以内で入力してください`,
  codeInvalid: 'コードは英小文字で始め、英小文字・数字・_ の50文字以内で入力してください',
  codeTaken: '同じコードのフォームがあります',
  questionsRequired: '質問を1つ以上追加してください',
  questionsTooMany: `質問は${FORM_QUESTIONS_MAX}個までです`,
  labelRequired: '質問文を入力してください',
  labelTooLong: `質問文は${FORM_LABEL_MAX}文字以内で入力してください`,
  fieldNotFound: '友だち情報欄が見つかりません',
  fieldTwice: '同じ友だち情報欄を2つの質問に使っています',
  groupNotFound: 'フォームのフォルダが見つかりません',
  groupNameRequired: 'フォルダ名を入力してください',
  groupNameTaken: '同じ名前のフォルダがあります',
  groupHasForms: (count: number) =>
    `このフォルダにはフォームが${count}件あります。別のフォルダへ移すか削除してから、フォルダを削除してください`,
  notFound: 'フォームが見つかりません',
  friendNotFound: 'LINE友だちが見つかりません',
  // The public page.
  linkInvalid: 'このリンクは使えません。LINEで届いたリンクから開いてください',
  closed: 'このフォームの受付は終了しました',
  required: (label: string) => `「${label}」は必須です`,
  questionUnknown: '質問が見つかりません',
  answered: '回答を受け付けました',
  favGroup: 'お気に入り',
  ungrouped: '未分類',
} as const;

export const formQuestionInputSchema = z.object({
  var_id: idSchema,
  label: z
    .string({ error: FORM_TEXT.labelRequired })
    .trim()
    .min(1, { error: FORM_TEXT.labelRequired })
    .max(FORM_LABEL_MAX, { error: FORM_TEXT.labelTooLong }),
  help: z.string().trim().max(FORM_HELP_MAX).default(''),
  required: z.boolean().default(false),
});

/** Create or replace a form with its questions, in order. */
export const formInputSchema = z.object({
  name: z
    .string({ error: FORM_TEXT.nameRequired })
    .trim()
    .min(1, { error: FORM_TEXT.nameRequired })
    .max(FORM_NAME_MAX, { error: FORM_TEXT.nameTooLong }),
  code: z
    .string({ error: FORM_TEXT.codeInvalid })
    .trim()
    .regex(REFERENCE_CODE_PATTERN, { error: FORM_TEXT.codeInvalid }),
  group_id: idSchema.nullable(),
  description: z.string().trim().max(FORM_DESCRIPTION_MAX).default(''),
  thanks_message: z.string().trim().max(FORM_THANKS_MAX).default(''),
  accepting: z.boolean().default(true),
  questions: z
    .array(formQuestionInputSchema, { error: FORM_TEXT.questionsRequired })
    .min(1, { error: FORM_TEXT.questionsRequired })
    .max(FORM_QUESTIONS_MAX, { error: FORM_TEXT.questionsTooMany }),
});
export type FormInput = z.input<typeof formInputSchema>;

export const formQuestionSchema = z.object({
  id: z.number().int(),
  var_id: z.number().int(),
  label: z.string(),
  help: z.string(),
  required: z.boolean(),
  order: z.number().int(),
});

export const formDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  group_id: z.number().int().nullable(),
  favorite: z.boolean(),
  order: z.number().int(),
  description: z.string(),
  thanks_message: z.string(),
  accepting: z.boolean(),
  /** The answer page's address without a friend: `/f/{public_key}`. */
  public_key: z.string(),
  questions: z.array(formQuestionSchema),
});
export type FormDetail = z.infer<typeof formDetailSchema>;

export const formIdParamsSchema = z.object({ id: idParam });
export const formGroupInputSchema = z.object({
  name: z
    .string({ error: FORM_TEXT.groupNameRequired })
    .trim()
    .min(1, { error: FORM_TEXT.groupNameRequired })
    .max(50, { error: FORM_TEXT.groupNameRequired }),
});
export const formFavoriteInputSchema = z.object({ favorite: z.boolean() });
export const formLinkQuerySchema = z.object({ friend_id: idParam });
export const formLinkSchema = z.object({ url: z.string() });

/** The public page: `/f/{publicKey}?m={friend}.{signature}` (decision 0151). */
export const publicFormParamsSchema = z.object({ publicKey: z.string().min(8).max(64) });
export const publicFormQuerySchema = z.object({ m: z.string().max(200) });
/** The answer page as the friend signed in on the account's booking page (decision 0172). */
export const memberFormParamsSchema = z.object({ formKey: z.string().min(8).max(64) });

export const publicFormSchema = z.object({
  name: z.string(),
  description: z.string(),
  accepting: z.boolean(),
  questions: z.array(
    z.object({
      id: z.number().int(),
      label: z.string(),
      help: z.string(),
      required: z.boolean(),
      type: z.enum(VAR_TYPES),
      choices: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  ),
});
export type PublicForm = z.infer<typeof publicFormSchema>;

export const publicFormAnswerInputSchema = z.object({
  answers: z
    .array(z.object({ question_id: idSchema, value: varValueSchema }))
    .max(FORM_QUESTIONS_MAX),
});
export type PublicFormAnswerInput = z.infer<typeof publicFormAnswerInputSchema>;
export const publicFormAnsweredSchema = z.object({ thanks_message: z.string() });

/** A friend's submissions, newest first, as they were answered (REF-12's forms on the friend). */
export const friendFormAnswerSchema = z.object({
  id: z.number().int(),
  form_id: z.number().int(),
  form_name: z.string(),
  answered_at: z.string(),
  answers: z.array(z.object({ question: z.string(), answer: z.string() })),
});
export type FriendFormAnswer = z.infer<typeof friendFormAnswerSchema>;
