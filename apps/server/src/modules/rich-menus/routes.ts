import {
  errorBodySchema,
  okResponseSchema,
  richMenuInputSchema,
  richMenuInsightQuerySchema,
  richMenuInsightSchema,
  richMenuPublishInputSchema,
  richMenuListSchema,
  richMenuParamsSchema,
  richMenuSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { needs } from '../../plugins/access.js';
import { parseOr422 } from '../../lib/validate.js';
import { authOf } from '../auth/index.js';
import { RICH_MENU_UPLOAD_MAX_BYTES } from './rich-menu-image.js';
import type { RichMenusService } from './service.js';

/** Reads for any operator of the account; writes need `template-write` (decision 0258). */
const write = { access: needs('template-write') };
const denied = { 403: errorBodySchema, 404: errorBodySchema, 422: validationErrorBodySchema };

/**
 * `/api/line/rich_menus`: drafts, their image (decision 0258), publishing to LINE as a job,
 * deleting, and taps (decisions 0260–0262).
 */
export async function richMenusRoutes(
  app: FastifyInstance,
  options: { service: RichMenusService },
) {
  const { service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['rich-menus'];
  const account = (request: FastifyRequest) => authOf(request).accountId;
  // The image's body is the picture itself, read as bytes and checked by its content.
  app.addContentTypeParser(
    ['image/png', 'image/jpeg'],
    { parseAs: 'buffer', bodyLimit: RICH_MENU_UPLOAD_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  routes.get(
    '/line/rich_menus',
    {
      schema: {
        tags,
        summary: 'リッチメニュー一覧',
        response: { 200: richMenuListSchema },
      },
    },
    async (request) => ({ rich_menus: await service.list(account(request)) }),
  );
  routes.post(
    '/line/rich_menus',
    {
      config: write,
      schema: {
        tags,
        summary: 'リッチメニュー作成（下書き）',
        body: richMenuInputSchema,
        response: { 201: richMenuSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(account(request), request.body)),
  );
  routes.get(
    '/line/rich_menus/:id',
    {
      schema: {
        tags,
        summary: 'リッチメニュー（状態・LINEのリッチメニューID・公開の進み具合）',
        params: richMenuParamsSchema,
        response: { 200: richMenuSchema, 404: errorBodySchema, 422: validationErrorBodySchema },
      },
    },
    async (request) => service.get(account(request), request.params.id),
  );
  routes.put(
    '/line/rich_menus/:id',
    {
      config: write,
      schema: {
        tags,
        summary:
          'リッチメニューの編集（公開中のメニューは、もう一度公開すると LINE に新しく作られます）',
        params: richMenuParamsSchema,
        body: richMenuInputSchema,
        response: { 200: richMenuSchema, ...denied, 409: errorBodySchema },
      },
    },
    async (request) => service.update(account(request), request.params.id, request.body),
  );
  routes.put(
    '/line/rich_menus/:id/image',
    {
      config: write,
      // The body is the picture's bytes (checked by its content); the id is checked below.
      validatorCompiler: () => (data) => ({ value: data }),
      schema: {
        tags,
        summary: 'リッチメニューの画像（JPEG/PNG、LINEのサイズ・1MB以下に調整）',
        description:
          'image/png または image/jpeg の本文（20MBまで）。向き（EXIF）を直し、メニューの大きさに切り抜いて1MB以下に圧縮します。',
        consumes: ['image/png', 'image/jpeg'],
        params: richMenuParamsSchema,
        body: z.string().meta({ format: 'binary' }),
        response: { 200: richMenuSchema, ...denied },
      },
    },
    async (request) => {
      const { id } = parseOr422(richMenuParamsSchema, request.params, '');
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return service.putImage(account(request), id, bytes);
    },
  );
  routes.post(
    '/line/rich_menus/:id/publish',
    {
      config: write,
      schema: {
        tags,
        summary: 'リッチメニューを公開（既定・タグ・セグメント）',
        description:
          '公開は処理として進みます（検証 → 作成 → 画像 → エイリアス → 友だちへの紐付け → 古いメニューの削除）。LINE の1時間あたりの上限に達したときは、続きを行う時刻を publish.waiting_until と publish.waiting_reason で知らせます。',
        params: richMenuParamsSchema,
        body: richMenuPublishInputSchema,
        response: { 202: richMenuSchema, ...denied, 409: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await service.publish(account(request), request.params.id, request.body.audience)),
  );
  routes.delete(
    '/line/rich_menus/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'リッチメニューを削除（LINE から外してから削除）',
        params: richMenuParamsSchema,
        response: {
          200: okResponseSchema,
          ...denied,
          409: errorBodySchema,
          429: errorBodySchema,
          502: errorBodySchema,
        },
      },
    },
    async (request) => {
      await service.remove(account(request), request.params.id);
      return { status: true as const };
    },
  );
  routes.get(
    '/line/rich_menus/:id/insight',
    {
      schema: {
        tags,
        summary: 'リッチメニューのタップ数（LINE の集計と、アクションのタップ数）',
        params: richMenuParamsSchema,
        querystring: richMenuInsightQuerySchema,
        response: {
          200: richMenuInsightSchema,
          404: errorBodySchema,
          409: errorBodySchema,
          422: validationErrorBodySchema,
        },
      },
    },
    async (request) => service.insight(account(request), request.params.id, request.query),
  );
}
