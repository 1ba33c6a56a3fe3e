import { z } from 'zod';
import { idParam, idSchema } from './ids.js';

/**
 * Friend information fields ("varia", issue 13, REF-05..REF-08, REF-13; decisions 0140–0144):
 * what operators record about a LINE friend, defined per account as items in groups. Reads for
 * any operator of the account; every write (definitions and a friend's values) needs
 * `tag-write` (decision 0141).
 */
export const VAR_TYPES = ['text', 'number', 'date', 'choice', 'multi_choice'] as const;
export type VarType = (typeof VAR_TYPES)[number];

export const VAR_TYPE_LABELS: Record<VarType, string> = {
  text: 'テキスト',
  number: '数値',
  date: '日付',
  choice: '選択（ひとつ）',
  multi_choice: '選択（複数）',
};

/** Types whose value is one or more of the item's choices. */
export const isChoiceType = (type: VarType) => type === 'choice' || type === 'multi_choice';

/** REF-13: the group id that collects every favourite item. */
export const VAR_FAV_GROUP_ID = 'fav';
/** REF-08: the id of the page-level preloaded resource that carries the varia. */
export const VARIA_PRELOAD_ID = 'preload-varia';

export const VAR_NAME_MAX = 50;
export const VAR_CHOICE_MAX = 100;
export const VAR_TEXT_MAX = 1000;

export const VAR_TEXT = {
  nameRequired: '項目名を入力してください',
  nameTooLong: `項目名は${VAR_NAME_MAX}文字以内で入力してください`,
  nameTaken: '同じ名前の友だち情報欄があります',
  typeInvalid: '種類は テキスト・数値・日付・選択（ひとつ）・選択（複数） のいずれかです',
  groupNameRequired: 'フォルダ名を入力してください',
  groupNameTooLong: `フォルダ名は${VAR_NAME_MAX}文字以内で入力してください`,
  groupNameTaken: '同じ名前のフォルダがあります',
  groupNotFound: '友だち情報のフォルダが見つかりません',
  groupHasItems: (count: number) =>
    `このフォルダには友だち情報欄が${count}件あります。別のフォルダへ移すか削除してから、フォルダを削除してください`,
  notFound: '友だち情報欄が見つかりません',
  friendNotFound: 'LINE友だちが見つかりません',
  favGroup: 'お気に入り',
  ungrouped: '未分類',
  choiceRequired: '選択肢を入力してください',
  choiceTooLong: `選択肢は${VAR_NAME_MAX}文字以内で入力してください`,
  choicesTooMany: `選択肢は${VAR_CHOICE_MAX}件までです`,
  choicesDuplicate: '同じ選択肢が重複しています',
  choicesNotChoiceType: 'この友だち情報欄は選択式ではありません',
  sortInvalid: '並び順には同じフォルダの友だち情報欄をすべて指定してください',
  duplicateVar: '同じ友だち情報欄が重複しています',
  // A friend's values, each naming the field (decision 0142).
  textInvalid: (name: string) => `「${name}」には文字を入力してください`,
  textTooLong: (name: string) => `「${name}」は${VAR_TEXT_MAX}文字以内で入力してください`,
  numberInvalid: (name: string) => `「${name}」には数値を入力してください`,
  dateInvalid: (name: string) => `「${name}」はYYYY-MM-DDの形式で正しい日付を入力してください`,
  choiceInvalid: (name: string) => `「${name}」は選択肢の中から選んでください`,
  multiChoiceInvalid: (name: string) => `「${name}」は選択肢の中から選んでください（複数可）`,
} as const;

const trimmedName = (required: string, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(VAR_NAME_MAX, { error: tooLong });

export const varGroupInputSchema = z.object({
  name: trimmedName(VAR_TEXT.groupNameRequired, VAR_TEXT.groupNameTooLong),
});
export type VarGroupInput = z.infer<typeof varGroupInputSchema>;

/** Create an item; its type is fixed from then on (decision 0140). */
export const varItemCreateSchema = z.object({
  name: trimmedName(VAR_TEXT.nameRequired, VAR_TEXT.nameTooLong),
  type: z.enum(VAR_TYPES, { error: VAR_TEXT.typeInvalid }),
  group_id: idSchema.nullable(),
});
export type VarItemCreate = z.infer<typeof varItemCreateSchema>;

/** Edit an item: its name and group. */
export const varItemUpdateSchema = varItemCreateSchema.pick({ name: true, group_id: true });
export type VarItemUpdate = z.infer<typeof varItemUpdateSchema>;

export const varFavoriteInputSchema = z.object({ favorite: z.boolean() });

/** The items of one group (null: 未分類) in their new order, every one of them exactly once. */
export const varSortInputSchema = z.object({
  group_id: idSchema.nullable(),
  ids: z
    .array(idSchema)
    .min(1, { error: VAR_TEXT.sortInvalid })
    .refine((ids) => new Set(ids).size === ids.length, { error: VAR_TEXT.sortInvalid }),
});
export const varGroupSortInputSchema = z.object({
  ids: z
    .array(idSchema)
    .refine((ids) => new Set(ids).size === ids.length, { error: VAR_TEXT.sortInvalid }),
});

export const varItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(VAR_TYPES),
  group_id: z.number().int().nullable(),
  favorite: z.boolean(),
  /** Begins at 1 within its group. */
  order: z.number().int(),
});
export type VarItem = z.infer<typeof varItemSchema>;

/** A group of `GET /api/v_resource/varia`: a folder, or `fav` (REF-13) with every favourite. */
export const varGroupSchema = z.object({
  id: z.union([z.number().int(), z.literal(VAR_FAV_GROUP_ID)]),
  name: z.string(),
  order: z.number().int(),
  /** The group's items in order. */
  ids: z.array(z.number().int()),
});
export type VarGroup = z.infer<typeof varGroupSchema>;

/** REF-06: groups (`fav` first), items, and every item id in display order. */
export const variaSchema = z.object({
  groups: z.array(varGroupSchema),
  items: z.array(varItemSchema),
  ids: z.array(z.number().int()),
});
export type Varia = z.infer<typeof variaSchema>;

export const varChoiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  order: z.number().int(),
});
export type VarChoice = z.infer<typeof varChoiceSchema>;

/**
 * Replace an item's choices: entries with an id keep it (renamed, reordered), entries without
 * are new, choices left out are removed — and with them every friend's pick of them.
 */
export const varChoicesInputSchema = z.object({
  choices: z
    .array(
      z.object({
        id: idSchema.optional(),
        name: trimmedName(VAR_TEXT.choiceRequired, VAR_TEXT.choiceTooLong),
      }),
    )
    .max(VAR_CHOICE_MAX, { error: VAR_TEXT.choicesTooMany })
    .refine((list) => new Set(list.map((choice) => choice.name)).size === list.length, {
      error: VAR_TEXT.choicesDuplicate,
    }),
});
export type VarChoicesInput = z.infer<typeof varChoicesInputSchema>;

/**
 * A friend's value of one item: text → string, number → number, date → 'YYYY-MM-DD',
 * choice → a choice id, multi_choice → choice ids; null: no value.
 */
export const varValueSchema = z.union([
  z.string(),
  z.number(),
  z.array(z.number().int()),
  z.null(),
]);
export type VarValue = z.infer<typeof varValueSchema>;

export const friendVarValueSchema = z.object({ var_id: z.number().int(), value: varValueSchema });
export type FriendVarValue = z.infer<typeof friendVarValueSchema>;

/** Sets the listed items' values (null clears one); items not listed keep theirs. */
export const friendVarValuesInputSchema = z.object({
  values: z
    .array(z.object({ var_id: idSchema, value: varValueSchema }))
    .max(500)
    .refine((list) => new Set(list.map((entry) => entry.var_id)).size === list.length, {
      error: VAR_TEXT.duplicateVar,
    }),
});
export type FriendVarValuesInput = z.infer<typeof friendVarValuesInputSchema>;

export const varIdParamsSchema = z.object({ var_id: idParam });
export const friendInfoIdParamsSchema = z.object({ id: idParam });

/**
 * How a friend-information condition compares (decision 0158): by the field's type — text
 * equals / contains; number equals / more / less; date on / before / after; a choice field
 * has any of the chosen choices; any type has a value or has none.
 */
export const VAR_CONDITION_OPS = [
  'equals',
  'contains',
  'gt',
  'lt',
  'before',
  'after',
  'in',
  'is_set',
  'not_set',
] as const;
export type VarConditionOp = (typeof VAR_CONDITION_OPS)[number];

export const VAR_CONDITION_OPS_BY_TYPE: Record<VarType, readonly VarConditionOp[]> = {
  text: ['equals', 'contains', 'is_set', 'not_set'],
  number: ['equals', 'gt', 'lt', 'is_set', 'not_set'],
  date: ['equals', 'before', 'after', 'is_set', 'not_set'],
  choice: ['in', 'is_set', 'not_set'],
  multi_choice: ['in', 'is_set', 'not_set'],
};

export const VAR_CONDITION_OP_LABELS: Record<VarConditionOp, string> = {
  equals: 'と等しい',
  contains: 'を含む',
  gt: 'より大きい',
  lt: 'より小さい',
  before: 'より前',
  after: 'より後',
  in: 'のいずれかを選んでいる',
  is_set: '入力されている',
  not_set: '入力されていない',
};

/** Whether the op compares with a typed value (not a choice list, not presence). */
export const varOpTakesValue = (op: VarConditionOp) =>
  op !== 'in' && op !== 'is_set' && op !== 'not_set';
