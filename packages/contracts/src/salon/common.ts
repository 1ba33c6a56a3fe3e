import { z } from 'zod';
import { BUSINESS_YEAR_MESSAGE, isBusinessYear, isRealDate } from '../calendar-date.js';
import { idParam, idSchema } from '../ids.js';

/**
 * Shared building blocks of the salon API. Business time is Asia/Tokyo (BUSINESS_TIME_ZONE): dates are
 * `YYYY-MM-DD` calendar dates and times are `HH:mm` wall-clock times in Tokyo, never instants.
 */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

const DATE_FORMAT_MESSAGE = '日付は YYYY-MM-DD の形式で入力してください';

/** A business date `YYYY-MM-DD` that exists (not 2月30日) in BUSINESS_YEARS. */
export const salonDateSchema = z
  .string({ error: DATE_FORMAT_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DATE_FORMAT_MESSAGE })
  .refine(
    (value) =>
      isRealDate(Number(value.slice(0, 4)), Number(value.slice(5, 7)), Number(value.slice(8))),
    { error: '存在しない日付です', abort: true },
  )
  .refine((value) => isBusinessYear(Number(value.slice(0, 4))), { error: BUSINESS_YEAR_MESSAGE });
export const salonTimeSchema = z
  .string()
  .regex(TIME_PATTERN, { error: '時刻は HH:mm（00:00〜23:59）の形式で入力してください' });

/** `start..end` (inclusive dates), e.g. `2024-05-01..2024-05-31`. */
export const dateRangeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}\.\.\d{4}-\d{2}-\d{2}$/, {
    error: '期間は YYYY-MM-DD..YYYY-MM-DD の形式で指定してください',
  })
  .transform((value, ctx) => {
    const [start = '', end = ''] = value.split('..');
    for (const date of [start, end]) {
      const parsed = salonDateSchema.safeParse(date);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? '' });
        return z.NEVER;
      }
    }
    if (start > end) {
      ctx.addIssue({ code: 'custom', message: '期間の開始日は終了日以前にしてください' });
      return z.NEVER;
    }
    return { start, end };
  });

export const colorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: '色は #RRGGBB の形式で入力してください' });

export const salonParamsSchema = z.object({ salonId: idParam });
export const salonItemParamsSchema = z.object({ salonId: idParam, id: idParam });

/** Every write answers `{status: true, ...}` (RSV-04). */
export const statusTrueSchema = z.object({ status: z.literal(true) });
export const createdSchema = z.object({ status: z.literal(true), id: z.number().int() });

/** Full id list of an order call (courses, resources): must match the salon's set exactly. */
export const orderInputSchema = z.object({
  ids: z.array(idSchema).min(1).max(500),
});
export type OrderInput = z.infer<typeof orderInputSchema>;

/** The body of a PATCH ?attr= call: the one new value. */
export const attrValueBodySchema = z.object({ value: z.unknown() });

export const SALON_COMMON_MESSAGES = {
  salonNotFound: 'サロンが見つかりません',
  orderMismatch: '並び順には、このサロンのすべての項目を重複なく指定してください',
  notInSalon: 'このサロンに存在しない項目です',
  crossMidnight: '終了時刻は開始時刻より後にしてください（日をまたぐ時間帯は登録できません）',
  invalidAttrValue: '値が正しくありません',
} as const;
