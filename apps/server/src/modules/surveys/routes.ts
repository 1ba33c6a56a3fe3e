import {
  createdIdSchema,
  surveyResponseInputSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/types.js';
import { authOf } from '../../plugins/auth.js';
import { createSurveyService } from './service.js';

export async function surveyRoutes(app: FastifyInstance, options: { db: Database }) {
  const surveys = createSurveyService({ db: options.db });
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/surveys/responses',
    {
      schema: {
        tags: ['surveys'],
        summary: '使い心地アンケートの回答',
        body: surveyResponseInputSchema,
        response: { 201: createdIdSchema, 422: validationErrorBodySchema },
      },
    },
    async (request, reply) => {
      const id = await surveys.record(authOf(request), request.body);
      return reply.code(201).send({ id });
    },
  );
}
