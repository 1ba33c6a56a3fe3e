import { z } from 'zod';
import { idSchema } from './ids.js';

/**
 * The shop's own chat marks (issue 24, decision 0306; Lステップ's 対応マーク): name and colour,
 * beside the thread's state. `GET/POST /api/line/chat_marks`, `PUT/DELETE
 * /api/line/chat_marks/{id}`, `PUT /api/line/chats/{friend_id}/mark`; the inbox filters by
 * `mark_id`. Any operator reads; defining and setting marks needs `board-write` (as the state).
 */
export const CHAT_MARK_NAME_MAX = 20;
export const CHAT_MARKS_MAX = 30;

export const CHAT_MARK_TEXT = {
  nameRequired: 'マーク名を入力してください',
  nameTooLong: `マーク名は${CHAT_MARK_NAME_MAX}文字以内で入力してください`,
  nameTaken: '同じ名前のマークがすでにあります',
  colourInvalid: '色は #RRGGBB の形で指定してください',
  notFound: 'マークが見つかりません',
  tooMany: `マークは${CHAT_MARKS_MAX}個までです`,
} as const;

export const chatMarkInputSchema = z.object({
  name: z
    .string({ error: CHAT_MARK_TEXT.nameRequired })
    .trim()
    .min(1, { error: CHAT_MARK_TEXT.nameRequired })
    .max(CHAT_MARK_NAME_MAX, { error: CHAT_MARK_TEXT.nameTooLong }),
  colour: z
    .string({ error: CHAT_MARK_TEXT.colourInvalid })
    .regex(/^#[0-9a-fA-F]{6}$/, { error: CHAT_MARK_TEXT.colourInvalid })
    .transform((value) => value.toLowerCase()),
});
export type ChatMarkInput = z.infer<typeof chatMarkInputSchema>;

export const chatMarkSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  colour: z.string(),
  /** Threads carrying it now. */
  threads: z.number().int(),
});
export type ChatMark = z.infer<typeof chatMarkSchema>;

export const chatMarkListSchema = z.object({ marks: z.array(chatMarkSchema) });
export type ChatMarkList = z.infer<typeof chatMarkListSchema>;

/** `PUT /api/line/chats/{friend_id}/mark`: null takes the mark off. */
export const chatMarkSetInputSchema = z.object({
  mark_id: idSchema.nullable(),
});
