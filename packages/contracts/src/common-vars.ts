import { z } from 'zod';
import { isRealDate } from './calendar-date.js';
import { idParam, idSchema } from './ids.js';
import {
  COMMON_VAR_TYPES,
  REFERENCE_CODE_PATTERN,
  type CommonVarType,
} from './reference-shapes.js';

/**
 * Common information (issue 13, REF-09/10/30, decisions 0146–0147): account-wide values — the
 * shop's phone, a campaign's end date — inserted into messages by code (`{{commonVar:code}}`).
 * Reading and writing both need `common-var-write` (REF-30: the console is silent on the 403).
 */
export const COMMON_VAR_NAME_MAX = 50;
export const COMMON_VAR_VALUE_MAX = 1000;

export const COMMON_VAR_TYPE_LABELS: Record<CommonVarType, string> = {
  text: 'テキスト',
  number: '数値',
  date: '日付',
  url: 'URL',
};

export const COMMON_VAR_TEXT = {
  nameRequired: '項目名を入力してください',
  nameTooLong: `項目名は${COMMON_VAR_NAME_MAX}文字以内で入力してください`,
  typeInvalid: '種類は テキスト・数値・日付・URL のいずれかです',
  codeInvalid: 'コードは英小文字で始め、英小文字・数字・_ の50文字以内で入力してください',
  codeTaken: '同じコードの共通情報があります',
  valueTooLong: `値は${COMMON_VAR_VALUE_MAX}文字以内で入力してください`,
  numberInvalid: '値には数値を入力してください',
  dateInvalid: '値はYYYY-MM-DDの形式で正しい日付を入力してください',
  urlInvalid: '値は https:// または http:// で始まるURLを入力してください',
  groupNameRequired: 'フォルダ名を入力してください',
  groupNameTooLong: `フォルダ名は${COMMON_VAR_NAME_MAX}文字以内で入力してください`,
  groupNameTaken: '同じ名前のフォルダがあります',
  groupNotFound: '共通情報のフォルダが見つかりません',
  groupHasItems: (count: number) =>
    `このフォルダには共通情報が${count}件あります。別のフォルダへ移すか削除してから、フォルダを削除してください`,
  notFound: '共通情報が見つかりません',
  sortInvalid: '並び順には同じフォルダの共通情報をすべて指定してください',
  favGroup: 'お気に入り',
  ungrouped: '未分類',
  copySuffix: 'のコピー',
} as const;

/** The problem of a value for its type, or undefined; an empty value is allowed for every type. */
export function commonVarValueProblem(type: CommonVarType, value: string): string | undefined {
  if (value.length > COMMON_VAR_VALUE_MAX) return COMMON_VAR_TEXT.valueTooLong;
  if (value === '') return undefined;
  switch (type) {
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(value) ? undefined : COMMON_VAR_TEXT.numberInvalid;
    case 'date': {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      return match && isRealDate(Number(match[1]), Number(match[2]), Number(match[3]))
        ? undefined
        : COMMON_VAR_TEXT.dateInvalid;
    }
    case 'url':
      return /^https?:\/\/[^\s]+$/.test(value) ? undefined : COMMON_VAR_TEXT.urlInvalid;
    default:
      return undefined;
  }
}

const name = (required: string, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(COMMON_VAR_NAME_MAX, { error: tooLong });

/** Create or edit an item; its value is checked by its type and named as `value`. */
export const commonVarInputSchema = z
  .object({
    name: name(COMMON_VAR_TEXT.nameRequired, COMMON_VAR_TEXT.nameTooLong),
    type: z.enum(COMMON_VAR_TYPES, { error: COMMON_VAR_TEXT.typeInvalid }),
    code: z
      .string({ error: COMMON_VAR_TEXT.codeInvalid })
      .trim()
      .regex(REFERENCE_CODE_PATTERN, { error: COMMON_VAR_TEXT.codeInvalid }),
    value: z.string().trim().default(''),
    group_id: idSchema.nullable(),
  })
  .superRefine((input, context) => {
    const problem = commonVarValueProblem(input.type, input.value);
    if (problem) context.addIssue({ code: 'custom', path: ['value'], message: problem });
  });
export type CommonVarInput = z.input<typeof commonVarInputSchema>;

export const commonVarGroupInputSchema = z.object({
  name: name(COMMON_VAR_TEXT.groupNameRequired, COMMON_VAR_TEXT.groupNameTooLong),
});
export const commonVarFavoriteInputSchema = z.object({ favorite: z.boolean() });
export const commonVarSortInputSchema = z.object({
  group_id: idSchema.nullable(),
  ids: z
    .array(idSchema)
    .min(1, { error: COMMON_VAR_TEXT.sortInvalid })
    .refine((ids) => new Set(ids).size === ids.length, { error: COMMON_VAR_TEXT.sortInvalid }),
});
export const commonVarIdParamsSchema = z.object({ id: idParam });
