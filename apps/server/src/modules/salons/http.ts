import { errorBodySchema, validationErrorBodySchema } from '@tsunagu/contracts';

/** Error responses every salon route can give, for the OpenAPI document. */
export const readErrors = { 404: errorBodySchema } as const;
export const writeErrors = {
  403: errorBodySchema,
  404: errorBodySchema,
  422: validationErrorBodySchema,
} as const;
export const conflictErrors = { ...writeErrors, 409: errorBodySchema } as const;
