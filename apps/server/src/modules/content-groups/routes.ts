import {
  contentGroupInputSchema,
  contentGroupListSchema,
  contentGroupParamsSchema,
  contentGroupSchema,
  errorBodySchema,
  okResponseSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../auth/index.js';
import type { ContentGroupsService } from './service.js';

const failed = { 404: errorBodySchema, 422: validationErrorBodySchema };

/**
 * `/api/line/content-groups` (decision 0330): any operator of the account reads and writes the
 * folders — they only file trackers and pages, whose own writes are guarded (decision 0331).
 */
export async function contentGroupRoutes(
  app: FastifyInstance,
  options: { service: ContentGroupsService },
) {
  const { service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['content-groups'];
  const account = (request: FastifyRequest) => authOf(request).accountId;

  routes.get(
    '/line/content-groups',
    {
      schema: {
        tags,
        summary: 'フォルダ一覧（流入経路・ページ）',
        response: { 200: contentGroupListSchema },
      },
    },
    async (request) => ({ groups: await service.list(account(request)) }),
  );
  routes.post(
    '/line/content-groups',
    {
      schema: {
        tags,
        summary: 'フォルダ作成',
        body: contentGroupInputSchema,
        response: { 201: contentGroupSchema, ...failed },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(account(request), request.body)),
  );
  routes.put(
    '/line/content-groups/:id',
    {
      schema: {
        tags,
        summary: 'フォルダ名の変更',
        params: contentGroupParamsSchema,
        body: contentGroupInputSchema,
        response: { 200: contentGroupSchema, ...failed },
      },
    },
    async (request) => service.rename(account(request), request.params.id, request.body),
  );
  routes.delete(
    '/line/content-groups/:id',
    {
      schema: {
        tags,
        summary: 'フォルダ削除（空のフォルダだけ）',
        params: contentGroupParamsSchema,
        response: { 200: okResponseSchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => {
      await service.remove(account(request), request.params.id);
      return { status: true as const };
    },
  );
}
