import {
  configSwitchBodySchema,
  configSwitchQuerySchema,
  configTypeBodySchema,
  configTypeParamsSchema,
  configWriteResponseSchema,
  configsQuerySchema,
  createdSchema,
  onlineActionsInputSchema,
  onlineConfigInputSchema,
  onlineConfigPatchBodySchema,
  onlineConfigPatchQuerySchema,
  onlineConfigSchema,
  onlineConfigWriteResponseSchema,
  onlineUrlSchema,
  openingConfigSchema,
  openingWriteResponseSchema,
  salonConfigInputSchema,
  salonConfigSchema,
  salonItemParamsSchema,
  salonParamsSchema,
  salonUrlInputSchema,
  salonUrlSchema,
  statusTrueSchema,
} from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflictErrors, readErrors, salonOf, writeErrors } from '../salons/index.js';
import { createConfigService } from './service.js';

/**
 * Salon config, opening hours, online booking config, online URL and salon URLs, inside the
 * salon plugin (`/api/salon/:salonId`).
 */
export async function configRoutes(app: FastifyInstance) {
  const configs = createConfigService({ db: app.db });
  const publicOrigin = app.config.PUBLIC_ORIGIN;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['salon: configs'];
  const onlineTags = ['salon: online booking'];

  const onlineUrlOf = (request: FastifyRequest) =>
    configs.onlineUrl(
      publicOrigin ?? `${request.protocol}://${request.host}`,
      salonOf(request).publicKey,
    );

  routes.get(
    '/configs',
    {
      schema: {
        tags,
        summary:
          'サロン設定（RSV-08）。attr=opening&y=YYYY なら営業時間（RSV-14、y 省略時は東京の今年）',
        params: salonParamsSchema,
        querystring: configsQuerySchema,
        response: { 200: z.union([salonConfigSchema, openingConfigSchema]), ...readErrors },
      },
    },
    async (request) => {
      const salonId = salonOf(request).id;
      if (request.query.attr === 'opening') return configs.opening(salonId, request.query.y);
      return configs.get(salonId);
    },
  );

  routes.post(
    '/configs',
    {
      schema: {
        tags,
        summary: 'サロン設定の作成（RSV-09）: 既にあれば 409',
        params: salonParamsSchema,
        body: salonConfigInputSchema,
        response: { 201: configWriteResponseSchema, ...conflictErrors },
      },
    },
    async (request, reply) => {
      const config = await configs.create(salonOf(request).id, request.body);
      return reply.code(201).send({ status: true, config });
    },
  );

  routes.put(
    '/configs',
    {
      schema: {
        tags,
        summary: 'サロン設定の更新（RSV-10）',
        params: salonParamsSchema,
        body: salonConfigInputSchema,
        response: { 200: configWriteResponseSchema, ...writeErrors },
      },
    },
    async (request) => ({
      status: true as const,
      config: await configs.replace(salonOf(request).id, request.body),
    }),
  );

  routes.put(
    '/configs/:type',
    {
      schema: {
        tags,
        summary:
          '種類ごとの設定（RSV-11）: booking（予約枠）・cancel（キャンセル期限）・opening（年ごとの営業時間）',
        params: configTypeParamsSchema,
        body: configTypeBodySchema,
        response: {
          200: z.union([configWriteResponseSchema, openingWriteResponseSchema]),
          ...writeErrors,
        },
      },
    },
    async (request) => {
      const result = await configs.putType(salonOf(request).id, request.params.type, request.body);
      if (result.opening) return { status: true as const, opening: result.opening };
      return {
        status: true as const,
        config: result.config ?? (await configs.get(salonOf(request).id)),
      };
    },
  );

  routes.patch(
    '/configs',
    {
      schema: {
        tags,
        summary:
          'スイッチの切り替え（RSV-12/13）: attr は enable_online・sync_shift・push_notification のみ。body {value} 省略時は反転',
        params: salonParamsSchema,
        querystring: configSwitchQuerySchema,
        body: configSwitchBodySchema,
        response: { 200: configWriteResponseSchema, ...writeErrors },
      },
    },
    async (request) => ({
      status: true as const,
      config: await configs.toggle(salonOf(request).id, request.query.attr, request.body?.value),
    }),
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
