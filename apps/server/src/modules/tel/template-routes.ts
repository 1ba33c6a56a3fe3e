import {
  errorBodySchema,
  okResponseSchema,
  telIdParamsSchema,
  telTemplateInputSchema,
  telTemplateSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { needs } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import { createTelTemplateService } from './template-service.js';

/**
 * One template under `/api/tel/template/{id}` (decision 0085): read it with what uses it, edit
 * and delete it. Writes need `tel-write` like every tel write (DEC-09, decision 0042).
 */
export function telTemplateRoutes(app: FastifyInstance) {
  const templates = createTelTemplateService({ db: app.db });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['tel'];
  const writing = { access: needs('tel-write') };
  const inUse =
    '送信前の通知メッセージ（下書き・発注済み）が使っているあいだは削除できず、発注済みのものが使っているあいだは本文を変更できません（409）。';

  routes.get(
    '/template/:id',
    {
      schema: {
        tags,
        summary: 'テンプレート（本文と、使っている送信前のメッセージ数）',
        params: telIdParamsSchema,
        response: { 200: telTemplateSchema, 404: errorBodySchema },
      },
    },
    async (request) => templates.get(authOf(request).accountId, request.params.id),
  );

  routes.put(
    '/template/:id',
    {
      config: writing,
      schema: {
        tags,
        summary: 'テンプレート更新',
        description: `本文の決まりは登録と同じです。${inUse}`,
        params: telIdParamsSchema,
        body: telTemplateInputSchema,
        response: {
          200: telTemplateSchema,
          404: errorBodySchema,
          409: errorBodySchema,
          422: validationErrorBodySchema,
        },
      },
    },
    async (request) => templates.update(authOf(request).accountId, request.params.id, request.body),
  );

  routes.delete(
    '/template/:id',
    {
      config: writing,
      schema: {
        tags,
        summary: 'テンプレート削除',
        description: inUse,
        params: telIdParamsSchema,
        response: { 200: okResponseSchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => {
      await templates.remove(authOf(request).accountId, request.params.id);
      return { status: true as const };
    },
  );
}
