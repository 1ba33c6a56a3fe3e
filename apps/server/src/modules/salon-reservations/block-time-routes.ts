import {
  blockTimeInputSchema,
  blockTimeListSchema,
  blockTimeSchema,
  blockTimesQuerySchema,
  createdSchema,
  errorBodySchema,
  salonItemParamsSchema,
  salonParamsSchema,
  statusTrueSchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflictErrors, readErrors, salonOf, writeErrors } from '../salons/index.js';
import { createBlockTimeService } from './block-times.js';

/** Block times (RSV-75..77), inside the salon plugin (`/api/salon/:salonId`). */
export function registerBlockTimeRoutes(app: FastifyInstance) {
  const blockTimes = createBlockTimeService({ db: app.db });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const blockTags = ['salon: block times'];

  routes.get(
    '/block_times',
    {
      schema: {
        tags: blockTags,
        summary: 'ブロック時間の一覧: range_date（62日以内）・resource',
        params: salonParamsSchema,
        querystring: blockTimesQuerySchema,
        response: { 200: blockTimeListSchema, ...readErrors, 422: writeErrors[422] },
      },
    },
    async (request) =>
      blockTimes.list(salonOf(request).id, request.query.range_date, request.query.resource),
  );

  routes.post(
    '/block_times',
    {
      schema: {
        tags: blockTags,
        summary: 'ブロック時間の登録（RSV-75）: 予約や他のブロック時間と重なれば 409',
        params: salonParamsSchema,
        body: blockTimeInputSchema,
        response: { 201: createdSchema, ...conflictErrors },
      },
    },
    async (request, reply) => {
      const id = await blockTimes.create(salonOf(request).id, request.body);
      return reply.code(201).send({ status: true, id });
    },
  );

  routes.put(
    '/block_times/:id',
    {
      schema: {
        tags: blockTags,
        summary: 'ブロック時間の更新（RSV-76）',
        params: salonItemParamsSchema,
        body: blockTimeInputSchema,
        response: {
          200: z.object({ status: z.literal(true), block_time: blockTimeSchema }),
          ...conflictErrors,
        },
      },
    },
    async (request) => ({
      status: true as const,
      block_time: await blockTimes.update(salonOf(request).id, request.params.id, request.body),
    }),
  );

  routes.delete(
    '/block_times/:id',
    {
      schema: {
        tags: blockTags,
        summary: 'ブロック時間の削除（RSV-77）',
        params: salonItemParamsSchema,
        response: { 200: statusTrueSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      await blockTimes.remove(salonOf(request).id, request.params.id);
      return { status: true as const };
    },
  );
}
