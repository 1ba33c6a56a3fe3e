import { z } from 'zod';
import { idParam, idSchema, ID_MESSAGES } from './ids.js';

/**
 * Friend tags (issue 13, decisions 0120–0122): an account's tags, optionally in groups, put on
 * its LINE friends one by one or in bulk from the friends list. Reads for any operator of the
 * account; every write needs `tag-write`.
 */
export const TAG_NAME_MAX = 50;
export const TAG_GROUP_NAME_MAX = 50;
/** At most this many friends per bulk add/remove call (decision 0121). */
export const TAG_BULK_MAX = 1000;

export const TAG_TEXT = {
  nameRequired: 'タグ名を入力してください',
  nameTooLong: `タグ名は${TAG_NAME_MAX}文字以内で入力してください`,
  nameTaken: 'このグループには同じ名前のタグがあります',
  groupNameRequired: 'グループ名を入力してください',
  groupNameTooLong: `グループ名は${TAG_GROUP_NAME_MAX}文字以内で入力してください`,
  groupNameTaken: '同じ名前のグループがあります',
  notFound: 'タグが見つかりません',
  friendNotFound: 'LINE友だちが見つかりません',
  groupNotFound: 'タググループが見つかりません',
  groupHasTags: (count: number) =>
    `このグループにはタグが${count}件あります。タグを別のグループへ移すか削除してから、グループを削除してください`,
  idsRequired: '友だちを1人以上選んでください',
  idsTooMany: ID_MESSAGES.tooMany(TAG_BULK_MAX),
  idsDuplicate: '同じ友だちが重複しています',
  ungrouped: '未分類',
} as const;

const tagName = z
  .string({ error: TAG_TEXT.nameRequired })
  .trim()
  .min(1, { error: TAG_TEXT.nameRequired })
  .max(TAG_NAME_MAX, { error: TAG_TEXT.nameTooLong });

/** Create or edit a tag: its name and group (null: 未分類). */
export const tagInputSchema = z.object({
  name: tagName,
  group_id: idSchema.nullable(),
});
export type TagInput = z.infer<typeof tagInputSchema>;

export const tagGroupInputSchema = z.object({
  name: z
    .string({ error: TAG_TEXT.groupNameRequired })
    .trim()
    .min(1, { error: TAG_TEXT.groupNameRequired })
    .max(TAG_GROUP_NAME_MAX, { error: TAG_TEXT.groupNameTooLong }),
});
export type TagGroupInput = z.infer<typeof tagGroupInputSchema>;

export const tagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  group_id: z.number().int().nullable(),
  /** Begins at 1 within its group. */
  order: z.number().int(),
  friend_count: z.number().int(),
});
export type Tag = z.infer<typeof tagSchema>;

export const tagGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  order: z.number().int(),
});
export type TagGroup = z.infer<typeof tagGroupSchema>;

/** `GET /api/line/tags`: groups in order, then every tag (group order, then tag order). */
export const tagListSchema = z.object({
  groups: z.array(tagGroupSchema),
  tags: z.array(tagSchema),
});
export type TagList = z.infer<typeof tagListSchema>;

/** A tag as a friend carries it (friends list chips, a friend's tags). */
export const friendTagSchema = z.object({ id: z.number().int(), name: z.string() });
export type FriendTag = z.infer<typeof friendTagSchema>;

/** Bulk add/remove: the friends' ids (distinct, 1…1,000). */
export const tagFriendsInputSchema = z.object({
  ids: z
    .array(idSchema, { error: TAG_TEXT.idsRequired })
    .min(1, { error: TAG_TEXT.idsRequired })
    .max(TAG_BULK_MAX, { error: TAG_TEXT.idsTooMany })
    .refine((ids) => new Set(ids).size === ids.length, { error: TAG_TEXT.idsDuplicate }),
});
export type TagFriendsInput = z.infer<typeof tagFriendsInputSchema>;

/**
 * What a bulk call did: `changed` friends gained (or lost) the tag, `unchanged` had (or lacked)
 * it already, `not_found` ids are no friend of this account — nothing was done to them.
 */
export const tagFriendsResultSchema = z.object({
  changed: z.number().int(),
  unchanged: z.number().int(),
  not_found: z.array(z.number().int()),
});
export type TagFriendsResult = z.infer<typeof tagFriendsResultSchema>;

export const tagIdParamsSchema = z.object({ id: idParam });
