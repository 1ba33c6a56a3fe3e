import { z } from 'zod';
import { VAR_CONDITION_OPS, VAR_TEXT_MAX } from './friend-info.js';
import { idParam } from './ids.js';
import { friendTagSchema } from './tags.js';

/**
 * The account's LINE friends (issue 13): recorded from the webhook (follow, unfollow, message),
 * their name and icon read from LINE's profile; listed and searched in the console
 * (`/api/line/friends`, any operator of the account).
 */
/**
 * 'not_friend': signed in on the booking page (LIFF) but never followed the account (decision
 * 0181); segments, broadcasts and journeys count only 'following'.
 */
export const FRIEND_FOLLOW_STATES = ['following', 'blocked', 'not_friend'] as const;
export type FriendFollowState = (typeof FRIEND_FOLLOW_STATES)[number];

export const FRIEND_FOLLOW_STATE_LABELS: Record<FriendFollowState, string> = {
  following: '友だち',
  blocked: 'ブロック中',
  not_friend: '未友だち',
};

export const FRIENDS_PAGE_SIZE = 50;

export const FRIEND_TEXT = {
  /** Shown until LINE's profile has been read (or when LINE would not give it). */
  nameUnknown: '（名前未取得）',
  notFound: 'LINE友だちが見つかりません',
  queryTooLong: '検索語は100文字以内で入力してください',
  pageInvalid: 'ページは1〜10000の整数で指定してください',
  stateInvalid: '状態は following、blocked、not_friend、all のいずれかです',
  varOpInvalid: '友だち情報の比べ方が正しくありません',
} as const;

export const friendListQuerySchema = z.object({
  /** Part of the name (case and width as typed). */
  q: z.string().trim().max(100, { error: FRIEND_TEXT.queryTooLong }).optional(),
  state: z.enum([...FRIEND_FOLLOW_STATES, 'all'], { error: FRIEND_TEXT.stateInvalid }).optional(),
  page: z
    .string({ error: FRIEND_TEXT.pageInvalid })
    .regex(/^[1-9]\d{0,4}$/, { error: FRIEND_TEXT.pageInvalid })
    .transform(Number)
    .refine((page) => page <= 10_000, { error: FRIEND_TEXT.pageInvalid })
    .optional(),
  /** Only friends with this tag (an id of another account's tag finds nobody). */
  tag_id: idParam.optional(),
  /**
   * Only friends whose value of this friend-information field matches `var_op` (default
   * `is_set`) with `var_value` or `var_choice` — the segments' own condition (decision 0159);
   * another account's field finds nobody.
   */
  var_id: idParam.optional(),
  var_op: z.enum(VAR_CONDITION_OPS, { error: FRIEND_TEXT.varOpInvalid }).optional(),
  var_value: z.string().trim().max(VAR_TEXT_MAX).optional(),
  var_choice: idParam.optional(),
});
export type FriendListQuery = z.infer<typeof friendListQuerySchema>;

export const friendSchema = z.object({
  id: z.number(),
  display_name: z.string(),
  icon_url: z.string(),
  follow_state: z.enum(FRIEND_FOLLOW_STATES),
  followed_at: z.string().nullable(),
  unfollowed_at: z.string().nullable(),
  /** The last unblock (a follow with `isUnblocked`); `followed_at` stays the first follow's. */
  unblocked_at: z.string().nullable(),
  last_message_at: z.string().nullable(),
  /** The friend's tags, in the tag list's order (group order, then tag order). */
  tags: z.array(friendTagSchema),
});
export type Friend = z.infer<typeof friendSchema>;

export const friendListSchema = z.object({
  items: z.array(friendSchema),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type FriendList = z.infer<typeof friendListSchema>;

export const friendIdParamsSchema = z.object({ id: idParam });
