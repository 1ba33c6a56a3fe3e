import { z } from 'zod';
import { idParam } from '../ids.js';
import {
  SALON_COMMON_MESSAGES,
  dateRangeSchema,
  salonDateSchema,
  salonTimeSchema,
} from './common.js';

/** RSV-02 constant TIME_SHIFT: repeat kinds, patch types and delete / update types. */
export const SHIFT_REPEATS = ['none', 'weekly', 'biweekly'] as const;
export const SHIFT_REPEAT_LABELS: Record<(typeof SHIFT_REPEATS)[number], string> = {
  none: '繰り返しなし',
  weekly: '毎週',
  biweekly: '隔週',
};
export const shiftRepeatSchema = z.enum(SHIFT_REPEATS);
export type ShiftRepeat = z.infer<typeof shiftRepeatSchema>;

export const SHIFT_PATCH_TYPES = ['changed', 'removed'] as const;
export type ShiftPatchType = (typeof SHIFT_PATCH_TYPES)[number];

/** `only`: this date; `after`: this date and later (sets expired_at); `permanently`: the master. */
export const SHIFT_DELETE_TYPES = ['only', 'after', 'permanently'] as const;
export const SHIFT_UPDATE_TYPES = ['only', 'after', 'all'] as const;

export const TIME_SHIFT = {
  repeats: SHIFT_REPEATS,
  repeatLabels: SHIFT_REPEAT_LABELS,
  patchTypes: SHIFT_PATCH_TYPES,
  deleteTypes: SHIFT_DELETE_TYPES,
  updateTypes: SHIFT_UPDATE_TYPES,
  /** RSV-55: after a write the client refetches the displayed month ± this many days. */
  refetchMarginDays: 6,
  maxRangeDays: 93,
} as const;

/** One expanded occurrence (RSV-48). `self_id` = `<masterId>_<YYYY-MM-DD>`. */
export const timeShiftSchema = z.object({
  id: z.number().int(),
  start_date: z.string(),
  _date: z.string(),
  /** The date of a one-day change (patch) applied to this occurrence, else null. */
  dirty_date: z.string().nullable(),
  repeat: shiftRepeatSchema,
  from: z.string(),
  to: z.string(),
  salon_resource_id: z.number().int(),
  description: z.string(),
  patch_type: z.enum(SHIFT_PATCH_TYPES).nullable(),
  expired_at: z.string().nullable(),
  self_id: z.string(),
});
export type TimeShift = z.infer<typeof timeShiftSchema>;

export const timeShiftsQuerySchema = z.object({
  range_date: dateRangeSchema,
  resource: idParam.optional(),
});

const shiftFields = {
  start_date: salonDateSchema,
  repeat: shiftRepeatSchema.default('none'),
  from: salonTimeSchema,
  to: salonTimeSchema,
  description: z.string().trim().max(200).default(''),
};

function refuseCrossingMidnight<T extends { from: string; to: string }>(value: T): boolean {
  return value.from < value.to;
}

export const timeShiftInputSchema = z
  .object(shiftFields)
  .refine(refuseCrossingMidnight, { error: SALON_COMMON_MESSAGES.crossMidnight, path: ['to'] });
export type TimeShiftInput = z.infer<typeof timeShiftInputSchema>;

export const timeShiftUpdateSchema = z
  .object({
    ...shiftFields,
    /** `only` changes the occurrence on `date`; `after` splits the series at `date`; `all` the master. */
    type: z.enum(SHIFT_UPDATE_TYPES).default('all'),
    date: salonDateSchema.optional(),
    self_id: z.string().max(40).optional(),
  })
  .refine(refuseCrossingMidnight, { error: SALON_COMMON_MESSAGES.crossMidnight, path: ['to'] })
  .refine((value) => value.type === 'all' || value.date !== undefined, {
    error: '対象の日付を指定してください',
    path: ['date'],
  });
export type TimeShiftUpdate = z.infer<typeof timeShiftUpdateSchema>;

export const timeShiftResourceParamsSchema = z.object({
  salonId: idParam,
  resourceId: idParam,
});
export const timeShiftMasterParamsSchema = z.object({
  salonId: idParam,
  resourceId: idParam,
  masterId: idParam,
});
export const timeShiftDeleteParamsSchema = z.object({
  salonId: idParam,
  resourceId: idParam,
  masterId: idParam,
  type: z.enum(SHIFT_DELETE_TYPES, {
    error: '削除の種類は only・after・permanently のいずれかです',
  }),
});
/** RSV-53/54: `date` and `self_id` name the occurrence, absent for `permanently`. */
export const timeShiftDeleteQuerySchema = z.object({
  date: salonDateSchema.optional(),
  self_id: z.string().max(40).optional(),
});

export const SHIFT_MESSAGES = {
  notFound: 'シフトが見つかりません',
  dateRequired: '対象の日付を指定してください',
  notAnOccurrence: 'この日付にはこのシフトがありません',
  selfIdMismatch: 'self_id が日付と一致しません',
  rangeTooLong: `期間は${TIME_SHIFT.maxRangeDays}日以内で指定してください`,
  startBeforeExpiry: '開始日は終了日より前にしてください',
} as const;
