import {
  createdIdSchema,
  errorBodySchema,
  memberQueryConditionSchema,
  memberQueryCountSchema,
  memberQueryIdParamsSchema,
  memberQueryInputSchema,
  memberQueryMembersQuerySchema,
  memberQueryMembersSchema,
  memberQuerySchema,
  okResponseSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { needs } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import type { MemberQueriesService } from './service.js';

const write = { access: needs('tag-write') };
const denied = { 403: errorBodySchema, 404: errorBodySchema, 422: validationErrorBodySchema };

/**
 * Segments under `/api/journey/member_queries` (issue 13, decision 0145). Any operator of the
 * account reads them and the friends they find; every write needs `tag-write`.
 */
export async function memberQueryRoutes(
  app: FastifyInstance,
  options: { memberQueries: MemberQueriesService },
) {
  const { memberQueries: service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['member-queries'];
  const account = (request: Parameters<typeof authOf>[0]) => authOf(request).accountId;

  routes.get(
    '/',
    { schema: { tags, summary: 'セグメント一覧', response: { 200: z.array(memberQuerySchema) } } },
    async (request) => service.list(account(request)),
  );

  routes.post(
    '/',
    {
      config: write,
      schema: {
        tags,
        summary: 'セグメント登録',
        body: memberQueryInputSchema,
        response: { 201: createdIdSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ id: await service.create(account(request), request.body) }),
  );

  routes.post(
    '/count',
    {
      schema: {
        tags,
        summary: '保存前の条件に当てはまる友だちの数',
        body: memberQueryConditionSchema,
        response: { 200: memberQueryCountSchema, 422: validationErrorBodySchema },
      },
    },
    async (request) => ({ total: await service.count(account(request), request.body) }),
  );

  routes.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'セグメント一件',
        params: memberQueryIdParamsSchema,
        response: { 200: memberQuerySchema, 404: errorBodySchema },
      },
    },
    async (request) => service.get(account(request), request.params.id),
  );

  routes.put(
    '/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'セグメント更新',
        params: memberQueryIdParamsSchema,
        body: memberQueryInputSchema,
        response: { 200: memberQuerySchema, ...denied },
      },
    },
    async (request) => service.update(account(request), request.params.id, request.body),
  );

  routes.delete(
    '/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'セグメント削除',
        params: memberQueryIdParamsSchema,
        response: { 200: okResponseSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      await service.remove(account(request), request.params.id);
      return { status: true as const };
    },
  );

  routes.get(
    '/:id/members',
    {
      schema: {
        tags,
        summary: 'セグメントに当てはまる友だち（JRN-24、ページ送り）',
        params: memberQueryIdParamsSchema,
        querystring: memberQueryMembersQuerySchema,
        response: {
          200: memberQueryMembersSchema,
          404: errorBodySchema,
          422: validationErrorBodySchema,
        },
      },
    },
    async (request) => service.members(account(request), request.params.id, request.query.page),
  );
}
