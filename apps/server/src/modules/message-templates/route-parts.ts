import { errorBodySchema, validationErrorBodySchema } from '@tsunagu/contracts';
import type { FastifyRequest } from 'fastify';
import { needs } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';

/** What the templates' route files share: the write right, refusals, and the caller's account. */
export const write = { access: needs('template-write') };
export const denied = {
  403: errorBodySchema,
  404: errorBodySchema,
  422: validationErrorBodySchema,
};
export const done = { status: true as const };
export const account = (request: FastifyRequest) => authOf(request).accountId;
