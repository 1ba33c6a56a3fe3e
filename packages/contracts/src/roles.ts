import { z } from 'zod';
import { idParam } from './ids.js';
import { permissionKeySchema } from './permissions.js';

export const ROLE_NAME_MAX = 50;

export const roleInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'ロール名を入力してください' })
    .max(ROLE_NAME_MAX, { error: `ロール名は${ROLE_NAME_MAX}文字以内で入力してください` }),
  permission_keys: z
    .array(permissionKeySchema)
    .refine((keys) => new Set(keys).size === keys.length, { error: '権限が重複しています' }),
});
export type RoleInput = z.infer<typeof roleInputSchema>;

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  permission_keys: z.array(permissionKeySchema),
  /** The account's owner role: holds every key, manages roles, cannot be changed or deleted. */
  is_owner: z.boolean(),
  operator_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

export const roleListSchema = z.array(roleSchema);

export const roleIdParamsSchema = z.object({
  id: idParam,
});

export const createdIdSchema = z.object({ id: z.number().int() });

export const ROLE_MESSAGES = {
  inUse: (count: number) =>
    `このロールは${count}人のオペレーターに割り当てられているため削除できません`,
  ownerImmutable: 'オーナーロールは変更・削除できません',
  ownerRequired: 'ロールの管理にはオーナー権限が必要です',
  notFound: 'ロールが見つかりません',
  /** Names are unique per account, compared case-insensitively (decision 0090). */
  nameTaken: 'このロール名はすでに使われています。別の名前を入力してください',
  created: 'ロールを登録しました',
  updated: 'ロールを更新しました',
  deleted: 'ロールを削除しました',
} as const;
