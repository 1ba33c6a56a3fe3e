import {
  errorBodySchema,
  okResponseSchema,
  trackerActiveInputSchema,
  trackerCreatedSchema,
  trackerCsvQuerySchema,
  trackerFriendListSchema,
  trackerFriendsQuerySchema,
  trackerInputSchema,
  trackerListQuerySchema,
  trackerListSchema,
  trackerParamsSchema,
  trackerSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { needs } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import type { ContentGroupsService } from '../content-groups/index.js';
import { trackersCsv } from './csv.js';
import { trackerFriends } from './friends.js';
import { qrPng, qrSvg } from './qr.js';
import type { TrackersService } from './service.js';

/** Tracker writes: `template-write`, as the follow settings — their actions send messages (0331). */
const write = { access: needs('template-write') };
const failed = { 403: errorBodySchema, 404: errorBodySchema, 422: validationErrorBodySchema };

/** `/api/line/trackers…` (decision 0330): reads for any operator of the account. */
export async function trackerRoutes(
  app: FastifyInstance,
  options: {
    service: TrackersService;
    groups: ContentGroupsService;
    origin: (request: FastifyRequest) => string;
  },
) {
  const { service, origin } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['trackers'];
  const account = (request: FastifyRequest) => authOf(request).accountId;

  routes.get(
    '/line/trackers',
    {
      schema: {
        tags,
        summary: '流入経路一覧（フォルダで絞り込み、0は未分類）と計測値',
        querystring: trackerListQuerySchema,
        response: { 200: trackerListSchema, 422: validationErrorBodySchema },
      },
    },
    async (request) => ({
      trackers: await service.list(account(request), request.query.group, origin(request)),
    }),
  );
  routes.get(
    '/line/trackers.csv',
    {
      schema: {
        tags,
        summary: '流入経路一覧のCSV（計測値つき、UTF-8（BOMつき）または CP932）',
        querystring: trackerCsvQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const accountId = account(request);
      const { encoding, group } = request.query;
      const rows = await service.list(accountId, group, origin(request));
      const names = new Map(
        (await options.groups.list(accountId)).map((g) => [g.id, g.name] as const),
      );
      return reply
        .header('content-type', `text/csv; charset=${encoding === 'cp932' ? 'Shift_JIS' : 'utf-8'}`)
        .header('content-disposition', 'attachment; filename="trackers.csv"')
        .header('cache-control', 'no-store')
        .send(trackersCsv(rows, names, encoding));
    },
  );
  routes.post(
    '/line/trackers',
    {
      config: write,
      schema: {
        tags,
        summary: '流入経路の作成（公開URLとコードを返す）',
        body: trackerInputSchema,
        response: { 201: trackerCreatedSchema, ...failed },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(account(request), request.body, origin(request))),
  );
  routes.get(
    '/line/trackers/:id',
    {
      schema: {
        tags,
        summary: '流入経路と計測値',
        params: trackerParamsSchema,
        response: { 200: trackerSchema, 404: errorBodySchema },
      },
    },
    async (request) => service.get(account(request), request.params.id, origin(request)),
  );
  routes.put(
    '/line/trackers/:id',
    {
      config: write,
      schema: {
        tags,
        summary: '流入経路の更新（URLとコードは変わらない）',
        params: trackerParamsSchema,
        body: trackerInputSchema,
        response: { 200: trackerSchema, ...failed },
      },
    },
    async (request) =>
      service.update(account(request), request.params.id, request.body, origin(request)),
  );
  routes.put(
    '/line/trackers/:id/active',
    {
      config: write,
      schema: {
        tags,
        summary: '流入経路の有効・停止',
        params: trackerParamsSchema,
        body: trackerActiveInputSchema,
        response: { 200: trackerSchema, ...failed },
      },
    },
    async (request) =>
      service.setActive(account(request), request.params.id, request.body.active, origin(request)),
  );
  routes.delete(
    '/line/trackers/:id',
    {
      config: write,
      schema: {
        tags,
        summary: '流入経路の削除（クリックと計測も消える）',
        params: trackerParamsSchema,
        response: { 200: okResponseSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      await service.remove(account(request), request.params.id);
      return { status: true as const };
    },
  );
  routes.get(
    '/line/trackers/:id/friends',
    {
      schema: {
        tags,
        summary: '計測値の友だち（新しい友だち・再訪・ブロック・初回予約・来店）',
        params: trackerParamsSchema,
        querystring: trackerFriendsQuerySchema,
        response: {
          200: trackerFriendListSchema,
          404: errorBodySchema,
          422: validationErrorBodySchema,
        },
      },
    },
    async (request) => {
      const accountId = account(request);
      await service.find(accountId, request.params.id);
      return {
        friends: await trackerFriends(app.db, accountId, request.params.id, request.query.kind),
      };
    },
  );
  for (const format of ['png', 'svg'] as const)
    routes.get(
      `/line/trackers/:id/qr.${format}`,
      {
        // The image is the 200 (not JSON); a 404 is the usual JSON error body.
        config: {
          documentedResponses: {
            200: {
              description: `QRコード（${format.toUpperCase()}）`,
              contentType: format === 'png' ? 'image/png' : 'image/svg+xml',
            },
          },
        },
        schema: {
          tags,
          summary: `流入経路のQRコード（${format.toUpperCase()}、印刷用）`,
          params: trackerParamsSchema,
          // 200's schema types the handler; the document shows the image (documentedResponses).
          response: { 200: z.any(), 404: errorBodySchema },
        },
      },
      async (request, reply) => {
        const tracker = await service.get(account(request), request.params.id, origin(request));
        const body = format === 'png' ? await qrPng(tracker.url) : qrSvg(tracker.url);
        return reply
          .header('content-type', format === 'png' ? 'image/png' : 'image/svg+xml')
          .header('content-disposition', `attachment; filename="tracker-${tracker.code}.${format}"`)
          .header('cache-control', 'no-store')
          .send(body);
      },
    );
}
