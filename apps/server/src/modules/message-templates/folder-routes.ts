import {
  createdIdSchema,
  errorBodySchema,
  okResponseSchema,
  templateGroupInputSchema,
  templateIdParamsSchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { account, denied, done, write } from './route-parts.js';
import type { TemplatesService } from './service.js';

/** The templates' folders under `/api/template_groups` (decision 0161); part of `templateRoutes`. */
export async function templateFolderRoutes(
  app: FastifyInstance,
  options: { templates: TemplatesService },
) {
  const { templates: service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['templates'];
  const params = templateIdParamsSchema;

  routes.post(
    '/template_groups',
    {
      config: write,
      schema: {
        tags,
        summary: 'テンプレートのフォルダ登録',
        body: templateGroupInputSchema,
        response: { 201: createdIdSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ id: await service.createGroup(account(request), request.body.name) }),
  );

  routes.put(
    '/template_groups/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'テンプレートのフォルダ名変更',
        params,
        body: templateGroupInputSchema,
        response: { 200: okResponseSchema, ...denied },
      },
    },
    async (request) => {
      await service.renameGroup(account(request), request.params.id, request.body.name);
      return done;
    },
  );

  routes.delete(
    '/template_groups/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'テンプレートのフォルダ削除（テンプレートが残っていると削除できない）',
        params,
        response: {
          200: okResponseSchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      await service.removeGroup(account(request), request.params.id);
      return done;
    },
  );
}
