import { z } from 'zod';
import { idParam } from './ids.js';

/**
 * Content groups (issue 29, decision 0330): the folders an account files its trackers (流入経路)
 * and landing pages / sites in — one folder set shared by both, `/line/content/group/new`.
 * Reads for any operator of the account; writes as the content's own writes (decision 0331).
 */
export const CONTENT_GROUP_NAME_MAX = 50;

export const CONTENT_GROUP_TEXT = {
  nameRequired: 'フォルダ名を入力してください',
  nameTooLong: `フォルダ名は${CONTENT_GROUP_NAME_MAX}文字以内で入力してください`,
  nameTaken: '同じ名前のフォルダがあります',
  notFound: 'フォルダが見つかりません',
  inUse: (count: number) =>
    `このフォルダには${count}件の流入経路・ページがあります。別のフォルダへ移してから削除してください`,
  ungrouped: '未分類',
} as const;

export const contentGroupInputSchema = z.object({
  name: z
    .string({ error: CONTENT_GROUP_TEXT.nameRequired })
    .trim()
    .min(1, { error: CONTENT_GROUP_TEXT.nameRequired })
    .max(CONTENT_GROUP_NAME_MAX, { error: CONTENT_GROUP_TEXT.nameTooLong }),
});
export type ContentGroupInput = z.infer<typeof contentGroupInputSchema>;

export const contentGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Begins at 1. */
  order: z.number().int(),
  /** Trackers filed in it. */
  tracker_count: z.number().int(),
});
export type ContentGroup = z.infer<typeof contentGroupSchema>;

/** `GET /api/line/content-groups`: every folder of the account, in order. */
export const contentGroupListSchema = z.object({ groups: z.array(contentGroupSchema) });
export type ContentGroupList = z.infer<typeof contentGroupListSchema>;

export const contentGroupParamsSchema = z.object({ id: idParam });
