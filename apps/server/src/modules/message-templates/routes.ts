import {
  createdIdSchema,
  errorBodySchema,
  hasAllPermissions,
  linePushResultSchema,
  okResponseSchema,
  templateBroadcastInputSchema,
  templateBroadcastResultSchema,
  templateCreatedSchema,
  templateFavoriteInputSchema,
  templateGroupInputSchema,
  templateIdParamsSchema,
  templateInputSchema,
  templateListSchema,
  templateSavedSchema,
  templateSchema,
  templateTestSendInputSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { needs } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import type { TemplatesService } from './service.js';

const write = { access: needs('template-write') };
const denied = { 403: errorBodySchema, 404: errorBodySchema, 422: validationErrorBodySchema };
const done = { status: true as const };

/**
 * Message templates under `/api/templates` (decision 0161). Any operator of the account reads
 * them; writes need `template-write`, and a flex template also the `flex-message` right.
 */
export async function templateRoutes(
  app: FastifyInstance,
  options: { templates: TemplatesService },
) {
  const { templates: service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['templates'];
  const account = (request: FastifyRequest) => authOf(request).accountId;
  const canUseFlex = (request: FastifyRequest) =>
    hasAllPermissions(authOf(request).permissionKeys, ['flex-message']);
  const params = templateIdParamsSchema;

  routes.get(
    '/templates',
    {
      schema: {
        tags,
        summary: 'テンプレートのフォルダと一覧（本文なし、先頭の文のプレビューつき）',
        response: { 200: templateListSchema },
      },
    },
    async (request) => service.list(account(request)),
  );

  routes.post(
    '/templates',
    {
      config: write,
      schema: {
        tags,
        summary: 'テンプレート登録（メッセージ1〜5件）',
        description:
          'LINE連携済みのアカウントでは、保存前に LINE 自身がメッセージを確認します（POST /v2/bot/message/validate/push）。LINE が受け付けない内容は 422 で、LINE の details をメッセージごとのエラーとして返します。LINE に接続できないときは確認せずに保存し、line_check を unreachable にします。',
        body: templateInputSchema,
        response: { 201: templateCreatedSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.create(account(request), request.body, canUseFlex(request))),
  );

  routes.get(
    '/templates/:id',
    {
      schema: {
        tags,
        summary: 'テンプレート一件（メッセージつき）',
        params,
        response: { 200: templateSchema, 404: errorBodySchema },
      },
    },
    async (request) => service.get(account(request), request.params.id),
  );

  routes.put(
    '/templates/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'テンプレート更新（LINE連携済みなら LINE の確認つき、登録と同じ）',
        params,
        body: templateInputSchema,
        response: { 200: templateSavedSchema, ...denied },
      },
    },
    async (request) =>
      service.update(account(request), request.params.id, request.body, canUseFlex(request)),
  );

  routes.delete(
    '/templates/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'テンプレート削除',
        params,
        response: { 200: okResponseSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      await service.remove(account(request), request.params.id, canUseFlex(request));
      return done;
    },
  );

  routes.post(
    '/templates/:id/copy',
    {
      config: write,
      schema: {
        tags,
        summary: 'テンプレートのコピー（同じフォルダの最後に「…のコピー」）',
        params,
        response: { 201: createdIdSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        id: await service.copy(account(request), request.params.id, canUseFlex(request)),
      }),
  );

  routes.put(
    '/templates/:id/favorite',
    {
      config: write,
      schema: {
        tags,
        summary: 'お気に入りの切り替え',
        params,
        body: templateFavoriteInputSchema,
        response: { 200: okResponseSchema, ...denied },
      },
    },
    async (request) => {
      await service.setFavorite(account(request), request.params.id, request.body.favorite);
      return done;
    },
  );

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

  routes.post(
    '/template_groups',
    {
      config: write,
      schema: {
        tags,
        summary: 'テンプレートのフォルダ登録',
        body: templateGroupInputSchema,
        response: { 201: createdIdSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ id: await service.createGroup(account(request), request.body.name) }),
  );

  routes.put(
    '/template_groups/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'テンプレートのフォルダ名変更',
        params,
        body: templateGroupInputSchema,
        response: { 200: okResponseSchema, ...denied },
      },
    },
    async (request) => {
      await service.renameGroup(account(request), request.params.id, request.body.name);
      return done;
    },
  );

  routes.delete(
    '/template_groups/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'テンプレートのフォルダ削除（テンプレートが残っていると削除できない）',
        params,
        response: {
          200: okResponseSchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      await service.removeGroup(account(request), request.params.id);
      return done;
    },
  );
}
