import { z } from 'zod';
import { permissionKeySchema } from './permissions.js';

export const loginRequestSchema = z.object({
  login_id: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const operatorSchema = z.object({
  id: z.number().int(),
  login_id: z.string(),
  display_name: z.string(),
  role: z.object({
    id: z.number().int(),
    name: z.string(),
    is_owner: z.boolean(),
  }),
});
export type Operator = z.infer<typeof operatorSchema>;

export const loginResponseSchema = z.object({ operator: operatorSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const accountSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  reseller_code: z.string(),
  brand_label: z.string(),
  brand_theme: z.string(),
  consent: z.boolean(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

export const meResponseSchema = z.object({
  operator: operatorSchema,
  account: accountSummarySchema,
  permission_keys: z.array(permissionKeySchema),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export const okResponseSchema = z.object({ status: z.literal(true) });
export type OkResponse = z.infer<typeof okResponseSchema>;
