import {
  createdSchema,
  onlineActionsInputSchema,
  onlineConfigInputSchema,
  onlineConfigPatchBodySchema,
  onlineConfigPatchQuerySchema,
  onlineConfigSchema,
  onlineConfigWriteResponseSchema,
  onlineUrlSchema,
  salonItemParamsSchema,
  salonParamsSchema,
  salonUrlInputSchema,
  salonUrlSchema,
  statusTrueSchema,
} from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readErrors, salonOf, writeErrors } from '../salons/index.js';
import type { ConfigService } from './service.js';

/**
 * The online booking page's settings (RSV-30..36), its URL (RSV-16) and the measured salon URLs
 * (RSV-78..80), inside the salon plugin (`/api/salon/:salonId`).
 */
export function registerOnlineRoutes(app: FastifyInstance, options: { configs: ConfigService }) {
  const { configs } = options;
  const publicOrigin = app.config.PUBLIC_ORIGIN;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const onlineTags = ['salon: online booking'];

  const onlineUrlOf = (request: FastifyRequest) =>
    configs.onlineUrl(
      publicOrigin ?? `${request.protocol}://${request.host}`,
      salonOf(request).publicKey,
    );

  routes.get(
    '/online_url',
    {
      schema: {
        tags: onlineTags,
        summary: 'オンライン予約ページのURL（RSV-16）',
        params: salonParamsSchema,
        response: { 200: onlineUrlSchema, ...readErrors },
      },
    },
    async (request) => ({ url: onlineUrlOf(request) }),
  );

  routes.get(
    '/online_configs',
    {
      schema: {
        tags: onlineTags,
        summary: 'オンライン予約設定（RSV-30）: shop_info と並び順付きの customer_info',
        params: salonParamsSchema,
        response: { 200: onlineConfigSchema, ...readErrors },
      },
    },
    async (request) => configs.onlineConfig(salonOf(request).id),
  );

  routes.put(
    '/online_configs/:id',
    {
      schema: {
        tags: onlineTags,
        summary: 'オンライン予約設定の更新（RSV-31）',
        params: salonItemParamsSchema,
        body: onlineConfigInputSchema,
        response: { 200: onlineConfigWriteResponseSchema, ...writeErrors },
      },
    },
    async (request) => ({
      status: true as const,
      online_config: await configs.updateOnlineConfig(
        salonOf(request).id,
        request.params.id,
        request.body,
      ),
    }),
  );

  routes.put(
    '/online_configs/:id/actions',
    {
      schema: {
        tags: onlineTags,
        summary: 'オンライン予約時のアクション（RSV-32）',
        params: salonItemParamsSchema,
        body: onlineActionsInputSchema,
        response: { 200: onlineConfigWriteResponseSchema, ...writeErrors },
      },
    },
    async (request) => ({
      status: true as const,
      online_config: await configs.updateActions(
        salonOf(request).id,
        request.params.id,
        request.body.actions,
      ),
    }),
  );

  routes.patch(
    '/online_configs',
    {
      schema: {
        tags: onlineTags,
        summary:
          '顧客情報の追加・更新（customer:upsert）、削除（customer:remove, {id}）、並び替え（customer:sort, {sorted_ids}）、店舗情報（shop）— RSV-33..36',
        params: salonParamsSchema,
        querystring: onlineConfigPatchQuerySchema,
        body: onlineConfigPatchBodySchema,
        response: { 200: onlineConfigWriteResponseSchema, ...writeErrors },
      },
    },
    async (request) => ({
      status: true as const,
      online_config: await configs.patchOnlineConfig(
        salonOf(request).id,
        request.query.attr,
        request.body,
      ),
    }),
  );

  routes.get(
    '/salon_urls',
    {
      schema: {
        tags: onlineTags,
        summary: '計測用の予約URL一覧（RSV-78）',
        params: salonParamsSchema,
        response: { 200: z.array(salonUrlSchema), ...readErrors },
      },
    },
    async (request) => configs.salonUrls(salonOf(request).id, onlineUrlOf(request)),
  );

  routes.post(
    '/salon_urls',
    {
      schema: {
        tags: onlineTags,
        summary: '計測用の予約URLを作成（RSV-79）',
        params: salonParamsSchema,
        body: salonUrlInputSchema,
        response: { 201: createdSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const id = await configs.createSalonUrl(salonOf(request).id, request.body);
      return reply.code(201).send({ status: true, id });
    },
  );

  routes.delete(
    '/salon_urls/:id',
    {
      schema: {
        tags: onlineTags,
        summary: '計測用の予約URLを削除（RSV-80）',
        params: salonItemParamsSchema,
        response: { 200: statusTrueSchema, ...writeErrors },
      },
    },
    async (request) => {
      await configs.deleteSalonUrl(salonOf(request).id, request.params.id);
      return { status: true as const };
    },
  );
}
