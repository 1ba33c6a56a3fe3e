import type { FastifyInstance } from 'fastify';
import { formAnswerRoutes } from './answer-routes.js';
import { createFormAnswersService } from './answer-service.js';
import { formRoutes } from './routes.js';
import { createFormsService } from './service.js';

/**
 * Answer forms (issue 13, REF-11/12, decisions 0150–0152): questions bound to friend-information
 * fields, answered by friends on a public page through a signed link, kept on their detail.
 */
export async function formsModule(api: FastifyInstance) {
  await api.register(formRoutes, {
    forms: createFormsService({ db: api.db }),
    publicOrigin: api.config.PUBLIC_ORIGIN ?? '',
  });
  await api.register(formAnswerRoutes, { answers: createFormAnswersService({ db: api.db }) });
}
export { formResolver } from './resolver.js';
export { seedDemoForms } from './seed.js';
