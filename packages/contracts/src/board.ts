import { z } from 'zod';
import { isDateValue } from './calendar-date.js';
import { CHAT_STATE_LABELS, CHAT_STATES, chatStateSchema, type ChatState } from './chats.js';
import { idParam, idSchema } from './ids.js';

/**
 * The follow-up board (issue 24, decisions 0240–0243): an account's columns (name, colour,
 * order, optional limit, optionally tied to a chat state) and its cards — one per friend on the
 * board, each with a version. Every call needs `board-write`; a move with a stale version, or
 * into a full column, is refused with 409 and a Japanese reason.
 */
export const BOARD_COLUMN_NAME_MAX = 30;
export const BOARD_COLUMN_LIMIT_MAX = 10_000;
export const BOARD_COLUMNS_MAX = 30;
/** The cards a column shows at most (the newest moves first). */
export const BOARD_CARDS_PER_COLUMN = 200;
/** A column may be tied to one of the chat's states (decision 0243). */
export type BoardChatState = ChatState;
/** The colours a column may take (the palette the board offers). */
export const BOARD_COLOURS = [
  '#06c755',
  '#2f80ed',
  '#f2994a',
  '#eb5757',
  '#9b51e0',
  '#56ccf2',
  '#828282',
] as const;

export const BOARD_TEXT = {
  nameRequired: '列の名前を入力してください',
  nameTooLong: `列の名前は${BOARD_COLUMN_NAME_MAX}文字以内で入力してください`,
  nameTaken: '同じ名前の列があります',
  colourInvalid: '色は #RRGGBB の形で指定してください',
  limitInvalid: `上限は1〜${BOARD_COLUMN_LIMIT_MAX}の整数で指定してください（上限なしは空欄）`,
  chatStateInvalid: `対応状況は${CHAT_STATES.map((state) => CHAT_STATE_LABELS[state]).join('・')}のいずれかを指定してください`,
  chatStateTaken: (state: ChatState, column: string) =>
    `対応状況「${CHAT_STATE_LABELS[state]}」はすでに列「${column}」に結び付いています`,
  tooManyColumns: `列は${BOARD_COLUMNS_MAX}列までです`,
  columnNotFound: '列が見つかりません',
  cardNotFound: 'この友だちはボードにいません',
  friendNotFound: 'LINE友だちが見つかりません',
  assigneeNotFound: '担当者が見つかりません',
  alreadyOnBoard: 'この友だちはすでにボードにいます',
  stale: 'ほかのスタッフが先にこのカードを変更しました。最新の状態を読み込みました',
  columnFull: (column: string, limit: number) =>
    `列「${column}」は上限の${limit}件に達しているため移動できません`,
  versionInvalid: 'version は1以上の整数で指定してください',
  dueDateInvalid: '期日は YYYY-MM-DD の形の日付で指定してください',
  orderInvalid: '並び順には今あるすべての列のIDを一度ずつ指定してください',
} as const;

const columnName = z
  .string({ error: BOARD_TEXT.nameRequired })
  .trim()
  .min(1, { error: BOARD_TEXT.nameRequired })
  .max(BOARD_COLUMN_NAME_MAX, { error: BOARD_TEXT.nameTooLong });

export const boardChatStateSchema = chatStateSchema;

/** Create or edit a column (its place in the order is changed by the order call). */
export const boardColumnInputSchema = z.object({
  name: columnName,
  colour: z
    .string({ error: BOARD_TEXT.colourInvalid })
    .regex(/^#[0-9a-fA-F]{6}$/, { error: BOARD_TEXT.colourInvalid })
    .transform((value) => value.toLowerCase()),
  limit: z
    .number({ error: BOARD_TEXT.limitInvalid })
    .int({ error: BOARD_TEXT.limitInvalid })
    .min(1, { error: BOARD_TEXT.limitInvalid })
    .max(BOARD_COLUMN_LIMIT_MAX, { error: BOARD_TEXT.limitInvalid })
    .nullable(),
  chat_state: boardChatStateSchema.nullable(),
});
export type BoardColumnInput = z.infer<typeof boardColumnInputSchema>;

export const boardColumnSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  colour: z.string(),
  /** Begins at 1, left to right. */
  order: z.number().int(),
  limit: z.number().int().nullable(),
  chat_state: boardChatStateSchema.nullable(),
  /** All the cards in the column (the board shows at most BOARD_CARDS_PER_COLUMN). */
  card_count: z.number().int(),
});
export type BoardColumn = z.infer<typeof boardColumnSchema>;

export const boardCardSchema = z.object({
  friend_id: z.number().int(),
  column_id: z.number().int(),
  version: z.number().int(),
  display_name: z.string(),
  icon_url: z.string(),
  last_message_at: z.string().nullable(),
  /** The friend's last message, when the chat keeps messages; otherwise null. */
  last_message_preview: z.string().nullable(),
  tags: z.array(z.object({ id: z.number().int(), name: z.string() })),
  assignee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** YYYY-MM-DD (Tokyo), or null. */
  due_date: z.string().nullable(),
  moved_at: z.string(),
});
export type BoardCard = z.infer<typeof boardCardSchema>;

/** `GET /api/line/board`: the columns in order and their cards (newest move first). */
export const boardSchema = z.object({
  columns: z.array(boardColumnSchema),
  cards: z.array(boardCardSchema),
});
export type Board = z.infer<typeof boardSchema>;

export const boardColumnOrderSchema = z.object({
  ids: z
    .array(idSchema, { error: BOARD_TEXT.orderInvalid })
    .min(1, { error: BOARD_TEXT.orderInvalid })
    .max(BOARD_COLUMNS_MAX, { error: BOARD_TEXT.orderInvalid }),
});
export type BoardColumnOrder = z.infer<typeof boardColumnOrderSchema>;

const dueDate = z
  .string({ error: BOARD_TEXT.dueDateInvalid })
  .refine((value) => isDateValue(value), { error: BOARD_TEXT.dueDateInvalid })
  .nullable();

/** `POST /api/line/board/cards`: put a friend on the board. */
export const boardCardCreateSchema = z.object({
  friend_id: idSchema,
  column_id: idSchema,
});
export type BoardCardCreate = z.infer<typeof boardCardCreateSchema>;

/**
 * `PUT /api/line/board/cards/{friend_id}`: move and/or edit a card. `version` is the version the
 * operator saw; an absent field stays as it is.
 */
export const boardCardUpdateSchema = z.object({
  version: z
    .number({ error: BOARD_TEXT.versionInvalid })
    .int({ error: BOARD_TEXT.versionInvalid })
    .min(1, { error: BOARD_TEXT.versionInvalid })
    .max(2_147_483_647, { error: BOARD_TEXT.versionInvalid }),
  column_id: idSchema.optional(),
  assignee_id: idSchema.nullable().optional(),
  due_date: dueDate.optional(),
});
export type BoardCardUpdate = z.infer<typeof boardCardUpdateSchema>;

export const boardColumnParamsSchema = z.object({ id: idParam });
export const boardCardParamsSchema = z.object({ friend_id: idParam });

/** Who may be a card's assignee: the account's operators. */
export const boardAssigneeSchema = z.object({ id: z.number().int(), name: z.string() });
export const boardAssigneeListSchema = z.array(boardAssigneeSchema);
export type BoardAssignee = z.infer<typeof boardAssigneeSchema>;
