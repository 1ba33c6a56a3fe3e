import { errorBodySchema, idParam, validationErrorBodySchema } from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { originsOf } from './public-routes.js';

export const idParams = z.object({ id: idParam });
export const errors = {
  403: errorBodySchema,
  404: errorBodySchema,
  422: validationErrorBodySchema,
};

/** The origin the hosted pages are served on, for a request (decision 0341). */
export const pagesOriginOf = (app: FastifyInstance) => (request: Parameters<typeof originsOf>[1]) =>
  originsOf(app, request).pages;
