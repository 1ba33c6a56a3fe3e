import { errorBodySchema, validationErrorBodySchema } from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { needs } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';

/** Reads for every operator of the account; writes need `reserve-write` (decision 0310). */
export const write = { access: needs('reserve-write') };
export const denied = {
  403: errorBodySchema,
  404: errorBodySchema,
  422: validationErrorBodySchema,
};
export const conflict = { ...denied, 409: errorBodySchema };
export const tags = ['events'];
export const account = (request: FastifyRequest) => authOf(request).accountId;
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
