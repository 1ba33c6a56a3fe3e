import { z } from 'zod';
import { idParam } from '../ids.js';

export const salonSummarySchema = z.object({ id: z.number().int(), name: z.string() });
export const salonListSchema = z.array(salonSummarySchema);
export type SalonSummary = z.infer<typeof salonSummarySchema>;

export const MEMBER_PAGE_SIZE = 20;

export const memberSchema = z.object({
  id: z.number().int(),
  display_name: z.string(),
  icon_url: z.string(),
  line_user_id: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberSearchQuerySchema = z.object({
  q: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const memberPageSchema = z.object({
  items: z.array(memberSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type MemberPage = z.infer<typeof memberPageSchema>;

/**
 * The account-level reference calls (REF-02..04) name no salon in their path: they use
 * `?salon_id=` when given, else the account's first salon (lowest id).
 */
export const referenceQuerySchema = z.object({
  salon_id: idParam.optional(),
});
