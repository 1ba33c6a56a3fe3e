import { errorBodySchema, validationErrorBodySchema } from '@tsunagu/contracts';
import type { FastifyRequest } from 'fastify';
import { authOf } from '../auth/index.js';

/** The refusals of a write the caller may be denied: no right, not found, invalid body. */
export const denied = {
  403: errorBodySchema,
  404: errorBodySchema,
  422: validationErrorBodySchema,
};
export const tags = ['open_api'];
/** The account of the signed-in operator. */
export const account = (request: FastifyRequest) => authOf(request).accountId;
