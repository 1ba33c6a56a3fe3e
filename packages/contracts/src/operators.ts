import { z } from 'zod';
import { MAX_ID, idParam } from './ids.js';

/** Sign-in accepts login ids of up to 100 characters (loginRequestSchema). */
export const LOGIN_ID_MAX = 100;
export const DISPLAY_NAME_MAX = 50;
/** New passwords: at least 8 characters, at most what sign-in accepts (decision 0288). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

/** Printable ASCII without spaces (empty is left to `min`, so an empty id gets one message). */
const LOGIN_ID_TEXT = /^[\x21-\x7e]*$/;

export const loginIdSchema = z
  .string({ error: 'ログインIDを入力してください' })
  .trim()
  .min(1, { error: 'ログインIDを入力してください' })
  .max(LOGIN_ID_MAX, { error: `ログインIDは${LOGIN_ID_MAX}文字以内で入力してください` })
  .regex(LOGIN_ID_TEXT, {
    error: 'ログインIDは半角の英数字と記号で入力してください（空白は使えません）',
  });

export const displayNameSchema = z
  .string({ error: '名前を入力してください' })
  .trim()
  .min(1, { error: '名前を入力してください' })
  .max(DISPLAY_NAME_MAX, { error: `名前は${DISPLAY_NAME_MAX}文字以内で入力してください` });

export const newPasswordSchema = z
  .string({ error: '初回パスワードを入力してください' })
  .min(PASSWORD_MIN, { error: `初回パスワードは${PASSWORD_MIN}文字以上で入力してください` })
  .max(PASSWORD_MAX, { error: `初回パスワードは${PASSWORD_MAX}文字以内で入力してください` });

const ROLE_REQUIRED = 'ロールを選んでください';
const roleIdSchema = z
  .number({ error: ROLE_REQUIRED })
  .int({ error: ROLE_REQUIRED })
  .min(1, { error: ROLE_REQUIRED })
  .max(MAX_ID, { error: ROLE_REQUIRED });

export const operatorInputSchema = z.object({
  login_id: loginIdSchema,
  display_name: displayNameSchema,
  role_id: roleIdSchema,
  password: newPasswordSchema,
});
export type OperatorInput = z.infer<typeof operatorInputSchema>;

export const operatorRoleChangeSchema = z.object({ role_id: roleIdSchema });
export type OperatorRoleChange = z.infer<typeof operatorRoleChangeSchema>;

export const operatorRowSchema = z.object({
  id: z.number().int(),
  login_id: z.string(),
  display_name: z.string(),
  role: z.object({ id: z.number().int(), name: z.string(), is_owner: z.boolean() }),
  /** false: deactivated — cannot sign in, and every session ended when it was deactivated. */
  active: z.boolean(),
  /** ISO time of the last successful sign-in; null when never signed in. */
  last_sign_in_at: z.string().nullable(),
  created_at: z.string(),
});
export type OperatorRow = z.infer<typeof operatorRowSchema>;

export const operatorListSchema = z.array(operatorRowSchema);

export const operatorIdParamsSchema = z.object({ id: idParam });

/** A password the server made: shown once, never stored in plain text. */
export const passwordResetResponseSchema = z.object({ password: z.string() });
export type PasswordResetResponse = z.infer<typeof passwordResetResponseSchema>;

export const OPERATOR_MESSAGES = {
  ownerRequired: 'オペレーターの管理にはオーナー権限が必要です',
  notFound: 'オペレーターが見つかりません',
  loginIdTaken: 'このログインIDはすでに使われています。別のIDを入力してください',
  roleNotFound: 'ロールが見つかりません。一覧から選んでください',
  lastOwner:
    '有効なオーナーがほかにいないため、このオペレーターをオーナーロールから外すことはできません',
  lastOwnerDeactivate:
    '有効なオーナーがほかにいないため、このオペレーターを無効にすることはできません',
  selfDeactivate: '自分自身を無効にすることはできません',
  created: 'オペレーターを追加しました',
  roleChanged: 'ロールを変更しました',
  deactivated: 'オペレーターを無効にしました',
  reactivated: 'オペレーターを有効にしました',
  passwordReset: 'パスワードを再設定しました',
} as const;
