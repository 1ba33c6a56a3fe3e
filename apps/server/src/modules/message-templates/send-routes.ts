import {
  linePushResultSchema,
  templateBroadcastInputSchema,
  templateBroadcastResultSchema,
  templateIdParamsSchema,
  templateTestSendInputSchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { account, denied, write } from './route-parts.js';
import type { TemplatesService } from './service.js';

/**
 * Sending a template (decisions 0161, 0166): a test send to one friend and its result, and a
 * broadcast to a segment's friends. Part of `templateRoutes`, under `/api/templates`.
 */
export async function templateSendRoutes(
  app: FastifyInstance,
  options: { templates: TemplatesService },
) {
  const { templates: service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['templates'];
  const params = templateIdParamsSchema;

  routes.post(
    '/templates/:id/test_send',
    {
      config: write,
      schema: {
        tags,
        summary: 'テンプレートを友だち一人にテスト送信（その友だちの値で差し込み）',
        params,
        body: templateTestSendInputSchema,
        response: { 202: z.object({ push_id: z.number().int() }), ...denied },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await service.testSend(account(request), request.params.id, request.body.friend_id)),
  );

  routes.get(
    '/templates/test_sends/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'テスト送信の結果（送信待ち・送信済み・失敗と LINE の理由）',
        params,
        response: { 200: linePushResultSchema, ...denied },
      },
    },
    async (request) => service.testSendResult(account(request), request.params.id),
  );

  routes.post(
    '/templates/:id/broadcast',
    {
      config: write,
      schema: {
        tags,
        summary:
          'セグメントの友だち全員に送信（500人ずつのマルチキャスト、差し込みがあれば一人ずつ）',
        params,
        body: templateBroadcastInputSchema,
        response: { 202: templateBroadcastResultSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await service.broadcast(
            account(request),
            request.params.id,
            request.body.member_query_id,
          ),
        ),
  );
}
