import { errorBodySchema, validationErrorBodySchema } from '@tsunagu/contracts';
import type { FastifyRequest } from 'fastify';
import { needs } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';

/** What the journeys' three route files share. */

/** Decision 0169: journeys are the console's funnels, written with `funnel-write`. */
export const write = { access: needs('funnel-write') };
export const denied = {
  403: errorBodySchema,
  404: errorBodySchema,
  422: validationErrorBodySchema,
};
export const done = { status: true as const };
export const tags = ['journeys'];
export const accountOf = (request: FastifyRequest) => authOf(request).accountId;
