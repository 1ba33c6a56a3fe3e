import { z } from 'zod';

/**
 * The one error shape of the API (docs/ARCHITECTURE.md "Errors").
 * 400/422 carry `errors` (field path → messages); every other error carries only `message`.
 * Messages are Japanese and safe to show to the operator as they are.
 */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export const errorBodySchema = z.object({
  message: z.string(),
  errors: fieldErrorsSchema.optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const validationErrorBodySchema = z.object({
  message: z.string(),
  errors: fieldErrorsSchema,
});

/**
 * A 401 that is not about our session carries this header, so the console does not send the
 * operator back to the login page: e.g. Google refused the salon's stored tokens (RSV-43).
 */
export const ERROR_REASON_HEADER = 'x-tsunagu-reason';
export const ERROR_REASONS = { googleUnauthorized: 'google-unauthorized' } as const;
export type ErrorReason = (typeof ERROR_REASONS)[keyof typeof ERROR_REASONS];

/** Japanese messages used by more than one side of the API. */
export const MESSAGES = {
  validationFailed: '入力内容に誤りがあります',
  malformedRequest: 'リクエストの形式が正しくありません',
  unauthenticated: 'ログインしてください',
  forbidden: 'この操作を行う権限がありません',
  csrfRejected: '不正なリクエストです。画面を再読み込みしてからもう一度お試しください',
  notFound: '見つかりません',
  internal: 'サーバーでエラーが発生しました。しばらくしてからもう一度お試しください',
  loginFailed: 'ログインIDまたはパスワードが正しくありません',
  loginThrottled: 'ログインの試行回数が多すぎます。しばらく待ってからもう一度お試しください',
  tooManyRequests: 'リクエストが多すぎます。しばらく待ってからもう一度お試しください',
  payloadTooLarge: '送信されたデータが大きすぎます',
  unsupportedMediaType: 'この形式のデータは受け付けていません（Content-Type を確認してください）',
  unknownError: '不明なエラーが発生しました',
} as const;
