import {
  createdIdSchema,
  surveyResponseInputSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../auth/index.js';
import { createSurveyService } from './service.js';

/** The survey controller's answers (ご意見) under `/api/surveys`: any signed-in operator. */
export async function surveysModule(app: FastifyInstance) {
  const surveys = createSurveyService({ db: app.db });
  app.withTypeProvider<ZodTypeProvider>().post(
    '/responses',
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
