import { z } from 'zod';
import { VAR_FAV_GROUP_ID } from './friend-info.js';

/**
 * The read shapes of the two reference kinds that join friend information in the console's
 * reference store (REF-09..REF-13): common information (`GET /api/v_resource/common_vars`) and
 * forms (`GET /api/v_resource/form`). Like the varia, each answer is groups (`fav` first, REF-13),
 * items, and every item id in display order. The write schemas live with each module's contract.
 */

/** Common information is one account-wide value; its type says how it is entered and shown. */
export const COMMON_VAR_TYPES = ['text', 'number', 'date', 'url'] as const;
export type CommonVarType = (typeof COMMON_VAR_TYPES)[number];

/** A code names the value in messages ({{commonVar:code}}): lower-case ASCII, digits, underscore. */
export const REFERENCE_CODE_PATTERN = /^[a-z][a-z0-9_]{0,49}$/;

const referenceGroupSchema = z.object({
  id: z.union([z.number().int(), z.literal(VAR_FAV_GROUP_ID)]),
  name: z.string(),
  order: z.number().int(),
  /** The group's items in order. */
  ids: z.array(z.number().int()),
});
export type ReferenceGroup = z.infer<typeof referenceGroupSchema>;

/** REF-10: id, name, type, group_id, favorite, code (and its value and order). */
export const commonVarItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(COMMON_VAR_TYPES),
  group_id: z.number().int().nullable(),
  favorite: z.boolean(),
  code: z.string(),
  value: z.string(),
  /** Begins at 1 within its group. */
  order: z.number().int(),
});
export type CommonVarItem = z.infer<typeof commonVarItemSchema>;

/** REF-09. */
export const commonVarsSchema = z.object({
  groups: z.array(referenceGroupSchema),
  items: z.array(commonVarItemSchema),
  ids: z.array(z.number().int()),
});
export type CommonVars = z.infer<typeof commonVarsSchema>;

/** REF-12: id, name, code, group_id, favorite (and order). The code is the form's public key. */
export const formItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  group_id: z.number().int().nullable(),
  favorite: z.boolean(),
  /** Begins at 1 within its group. */
  order: z.number().int(),
});
export type FormItem = z.infer<typeof formItemSchema>;

/** REF-11. */
export const formsSchema = z.object({
  groups: z.array(referenceGroupSchema),
  items: z.array(formItemSchema),
  ids: z.array(z.number().int()),
});
export type Forms = z.infer<typeof formsSchema>;
