import { z } from 'zod';

/**
 * The permission keys a role can carry (spec §6, APP-05). The same keys guard the
 * console's routes and the server's calls; the route guard is a convenience, the server
 * check is the defence.
 */
export const PERMISSION_KEYS = [
  'template-write',
  'tag-write',
  'site-write',
  'notification-write',
  'funnel-write',
  'board-write',
  'landing-write',
  'common-var-write',
  'reserve-write',
  'flex-message',
  'tel-write',
] as const;

export const permissionKeySchema = z.enum(PERMISSION_KEYS);
export type PermissionKey = z.infer<typeof permissionKeySchema>;

/** Japanese labels shown beside each permission checkbox on the role form. */
export const PERMISSION_LABELS: Record<PermissionKey, string> = {
  'template-write': 'テンプレートの編集',
  'tag-write': 'タグの編集',
  'site-write': 'サイトの編集',
  'notification-write': 'お知らせの編集',
  'funnel-write': 'ファネルの編集',
  'board-write': 'ボードの編集',
  'landing-write': 'ランディングページの編集',
  'common-var-write': '共通情報の編集',
  'reserve-write': '予約の編集',
  'flex-message': 'フレックスメッセージの利用',
  // DEC-09: sending to real phones needs its own key; the tel screens stay unguarded.
  'tel-write': '通知メッセージ送信',
};

/** APP-03: a route (or call) passes only when every required key is held. */
export function hasAllPermissions(
  held: readonly string[],
  required: readonly PermissionKey[],
): boolean {
  return required.every((key) => held.includes(key));
}
