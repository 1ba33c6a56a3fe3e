import { z } from 'zod';
import { errorBodySchema } from '../errors.js';
import { idSchema } from '../ids.js';
import { colorSchema } from './common.js';

const nameSchema = z
  .string()
  .trim()
  .min(1, { error: '名前を入力してください' })
  .max(50, { error: '名前は50文字以内で入力してください' });
const descriptionSchema = z.string().trim().max(1000).default('');
const yenSchema = z
  .number()
  .int()
  .min(0, { error: '金額は0円以上で入力してください' })
  .max(10_000_000);

// ---- courses (RSV-17..22)

export const courseInputSchema = z.object({
  name: nameSchema,
  description: descriptionSchema,
  /** Minutes, in steps of 5, from 5 minutes to 12 hours. */
  duration: z
    .number()
    .int()
    .min(5, { error: '所要時間は5分以上で入力してください' })
    .max(720, { error: '所要時間は12時間以内で入力してください' })
    // multipleOf, not a refine: the OpenAPI document then states the step too (issue 28).
    .multipleOf(5, { error: '所要時間は5分単位で入力してください' }),
  price: yenSchema.default(0),
  color: colorSchema.default('#4f9d69'),
  is_public: z.boolean().default(true),
});
export type CourseInput = z.infer<typeof courseInputSchema>;

export const courseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  duration: z.number().int(),
  price: z.number().int(),
  color: z.string(),
  is_public: z.boolean(),
  order: z.number().int(),
});
export type Course = z.infer<typeof courseSchema>;

/** RSV-20: the course attributes PATCH ?attr= may change, one at a time. */
export const COURSE_PATCH_ATTRS = [
  'name',
  'description',
  'duration',
  'price',
  'color',
  'is_public',
] as const;
export const coursePatchQuerySchema = z.object({ attr: z.enum(COURSE_PATCH_ATTRS) });

// ---- resources (RSV-23..29)

export const RESOURCE_KINDS = ['staff', 'room', 'equipment'] as const;
export const resourceKindSchema = z.enum(RESOURCE_KINDS);
export type ResourceKind = z.infer<typeof resourceKindSchema>;
export const RESOURCE_KIND_LABELS: Record<ResourceKind, string> = {
  staff: 'スタッフ',
  room: '部屋',
  equipment: '設備',
};

export const resourceInputSchema = z.object({
  name: nameSchema,
  kind: resourceKindSchema,
  description: descriptionSchema,
  /** 指名料: charged when a reservation names this resource and `resource_fee_is_charged`. */
  nomination_fee: yenSchema.default(0),
  color: colorSchema.default('#5b7db1'),
  is_public: z.boolean().default(true),
});
export type ResourceInput = z.infer<typeof resourceInputSchema>;

export const resourceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: resourceKindSchema,
  description: z.string(),
  nomination_fee: z.number().int(),
  color: z.string(),
  is_public: z.boolean(),
  order: z.number().int(),
});
export type Resource = z.infer<typeof resourceSchema>;

export const RESOURCE_PATCH_ATTRS = [
  'name',
  'kind',
  'description',
  'nomination_fee',
  'color',
  'is_public',
] as const;
export const resourcePatchQuerySchema = z.object({ attr: z.enum(RESOURCE_PATCH_ATTRS) });

export const resourceDeleteQuerySchema = z.object({
  force: z.enum(['0', '1']).optional(),
});
export const resourceDeleteResponseSchema = z.object({
  status: z.literal(true),
  /** Reservations from today on that named the resource and are now unassigned (RSV-28). */
  detached_reservations: z.number().int(),
  message: z.string(),
});

/**
 * RSV-27: the 409 of a resource deletion refused for its reservations from today on. The count
 * is a field of its own, so the console can name it in its question without reading the message.
 */
export const resourceInUseBodySchema = errorBodySchema.extend({
  future_reservations: z.number().int().min(1),
});
export type ResourceInUseBody = z.infer<typeof resourceInUseBodySchema>;

// ---- resource-course unlinks (RSV-37/38)

/** One row of the matrix: the courses this resource cannot do. */
export const unlinkRowSchema = z.object({
  salon_resource_id: idSchema,
  course_ids: z.array(idSchema).max(500),
});
export const unlinksSchema = z.object({ data: z.array(unlinkRowSchema) });
export const unlinksInputSchema = z.object({ data: z.array(unlinkRowSchema).max(500) });
export type UnlinksInput = z.infer<typeof unlinksInputSchema>;

export const CATALOG_MESSAGES = {
  courseNotFound: 'コースが見つかりません',
  resourceNotFound: 'リソースが見つかりません',
  resourceHasFutureReservations: (count: number) =>
    `このリソースには今日以降の予約が${count}件あります。削除すると、それらの予約は担当なし（リソース未割り当て）になります。強制削除する場合は force=1 を指定してください`,
  resourceDeleted: (count: number) =>
    count === 0
      ? 'リソースを削除しました'
      : `リソースを削除しました。今日以降の予約${count}件は担当なし（リソース未割り当て）になりました`,
  duplicateUnlinkRow: '同じリソースが複数回指定されています',
} as const;
