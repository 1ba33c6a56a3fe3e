import {
  createdIdSchema,
  errorBodySchema,
  hasAllPermissions,
  okResponseSchema,
  templateCreatedSchema,
  templateFavoriteInputSchema,
  templateIdParamsSchema,
  templateInputSchema,
  templateListSchema,
  templateSavedSchema,
  templateSchema,
} from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../auth/index.js';
import { templateFolderRoutes } from './folder-routes.js';
import { account, denied, done, write } from './route-parts.js';
import { templateSendRoutes } from './send-routes.js';
import type { TemplatesService } from './service.js';

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

  await templateSendRoutes(app, options);
  await templateFolderRoutes(app, options);
}
