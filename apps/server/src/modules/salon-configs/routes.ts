import {
  configSwitchBodySchema,
  configSwitchQuerySchema,
  configTypeBodySchema,
  configTypeParamsSchema,
  configWriteResponseSchema,
  configsQuerySchema,
  openingConfigSchema,
  openingWriteResponseSchema,
  salonConfigInputSchema,
  salonConfigSchema,
  salonParamsSchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflictErrors, readErrors, salonOf, writeErrors } from '../salons/index.js';
import { registerOnlineRoutes } from './online-routes.js';
import { createConfigService } from './service.js';

/**
 * Salon config and opening hours (RSV-08..14), then the online booking routes, inside the salon
 * plugin (`/api/salon/:salonId`).
 */
export async function configRoutes(app: FastifyInstance) {
  const configs = createConfigService({ db: app.db });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['salon: configs'];

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

  registerOnlineRoutes(app, { configs });
}
