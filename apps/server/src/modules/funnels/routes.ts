import {
  createdIdSchema,
  errorBodySchema,
  funnelChoicesSchema,
  funnelCsvQuerySchema,
  funnelDefinitionSchema,
  funnelIdParamsSchema,
  funnelInputSchema,
  funnelMembersQuerySchema,
  funnelMembersSchema,
  funnelResultSchema,
  funnelSchema,
  okResponseSchema,
  todayInTokyo,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { needs } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import { funnelChoices } from './choices.js';
import { funnelCsv } from './csv.js';
import type { FunnelsService } from './service.js';

const write = { access: needs('funnel-write') };
const denied = { 403: errorBodySchema, 404: errorBodySchema, 422: validationErrorBodySchema };

/**
 * Funnels under `/api/line/funnels` (issue 30, ROUTE-15). Any operator of the account reads them,
 * their counts and friends; saving, changing and deleting need `funnel-write`.
 */
export async function funnelRoutes(app: FastifyInstance, options: { funnels: FunnelsService }) {
  const { funnels: service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['funnels'];
  const account = (request: Parameters<typeof authOf>[0]) => authOf(request).accountId;

  routes.get(
    '/',
    { schema: { tags, summary: 'ファネル一覧', response: { 200: z.array(funnelSchema) } } },
    async (request) => service.list(account(request)),
  );

  routes.get(
    '/choices',
    {
      schema: {
        tags,
        summary: 'ステップで選べるタグ・フォーム・コース・イベント',
        response: { 200: funnelChoicesSchema },
      },
    },
    async (request) => funnelChoices(app.db, account(request)),
  );

  routes.post(
    '/',
    {
      config: write,
      schema: {
        tags,
        summary: 'ファネル登録',
        body: funnelInputSchema,
        response: { 201: createdIdSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ id: await service.create(account(request), request.body) }),
  );

  routes.post(
    '/preview',
    {
      schema: {
        tags,
        summary: '保存前のファネルの集計',
        body: funnelDefinitionSchema,
        response: { 200: funnelResultSchema, 422: validationErrorBodySchema },
      },
    },
    async (request) => service.preview(account(request), request.body),
  );

  routes.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'ファネル一件',
        params: funnelIdParamsSchema,
        response: { 200: funnelSchema, 404: errorBodySchema },
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
        summary: 'ファネル更新',
        params: funnelIdParamsSchema,
        body: funnelInputSchema,
        response: { 200: funnelSchema, ...denied },
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
        summary: 'ファネル削除',
        params: funnelIdParamsSchema,
        response: { 200: okResponseSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      await service.remove(account(request), request.params.id);
      return { status: true as const };
    },
  );

  routes.get(
    '/:id/result',
    {
      schema: {
        tags,
        summary: 'ファネルの集計（ステップごとの到達・未到達・率・目標）',
        params: funnelIdParamsSchema,
        response: { 200: funnelResultSchema, 404: errorBodySchema },
      },
    },
    async (request) => service.result(account(request), request.params.id),
  );

  routes.get(
    '/:id/members',
    {
      schema: {
        tags,
        summary: 'ファネルの一つの数の友だち（ページ送り）',
        params: funnelIdParamsSchema,
        querystring: funnelMembersQuerySchema,
        response: {
          200: funnelMembersSchema,
          404: errorBodySchema,
          422: validationErrorBodySchema,
        },
      },
    },
    async (request) => service.members(account(request), request.params.id, request.query),
  );

  routes.get(
    '/:id/csv',
    {
      schema: {
        tags,
        summary: 'ファネルの集計表のCSV（UTF-8（BOMつき）または CP932）',
        params: funnelIdParamsSchema,
        querystring: funnelCsvQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const accountId = account(request);
      const result = await service.result(accountId, request.params.id);
      const choices = await funnelChoices(app.db, accountId);
      const { encoding } = request.query;
      const stamp = todayInTokyo().replaceAll('-', '');
      return reply
        .header('content-type', `text/csv; charset=${encoding === 'cp932' ? 'Shift_JIS' : 'utf-8'}`)
        .header(
          'content-disposition',
          `attachment; filename="funnel-${request.params.id}-${stamp}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(funnelCsv(result, choices, encoding));
    },
  );
}
