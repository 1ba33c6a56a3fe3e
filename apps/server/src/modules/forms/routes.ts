import {
  createdIdSchema,
  errorBodySchema,
  formDetailSchema,
  formFavoriteInputSchema,
  formGroupInputSchema,
  formIdParamsSchema,
  formInputSchema,
  formLinkQuerySchema,
  formLinkSchema,
  formsSchema,
  okResponseSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { needs } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import { formPath, memberToken } from './link.js';
import type { FormsService } from './service.js';

/** Decision 0150: forms write friend information, so they are written with `tag-write`. */
const write = { access: needs('tag-write') };
const denied = { 403: errorBodySchema, 404: errorBodySchema, 422: validationErrorBodySchema };
const done = { status: true as const };

/**
 * Answer forms in the console: `GET /api/v_resource/form` (REF-11, spec §7); ours: `/api/forms`,
 * `/api/form_groups`. The answers' routes are in `answer-routes.ts`.
 */
export async function formRoutes(
  app: FastifyInstance,
  options: { forms: FormsService; publicOrigin: string },
) {
  const { forms: service, publicOrigin } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['forms'];
  const account = (request: FastifyRequest) => authOf(request).accountId;
  const params = formIdParamsSchema;

  routes.get(
    '/v_resource/form',
    {
      schema: {
        tags,
        summary: '回答フォーム（フォルダ・フォーム・並び順、お気に入りは fav グループ）',
        response: { 200: formsSchema },
      },
    },
    async (request) => service.forms(account(request)),
  );

  routes.post(
    '/forms',
    {
      config: write,
      schema: {
        tags,
        summary: 'フォームの作成（質問ごとに回答を記録する友だち情報欄）',
        body: formInputSchema,
        response: { 201: createdIdSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ id: await service.create(account(request), request.body) }),
  );

  routes.get(
    '/forms/:id',
    {
      schema: {
        tags,
        summary: 'フォーム一件（質問つき）',
        params,
        response: { 200: formDetailSchema, 404: errorBodySchema },
      },
    },
    async (request) => service.get(account(request), request.params.id),
  );

  routes.put(
    '/forms/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'フォームの更新（質問は丸ごと置き換え）',
        params,
        body: formInputSchema,
        response: { 200: formDetailSchema, ...denied },
      },
    },
    async (request) => service.update(account(request), request.params.id, request.body),
  );

  routes.patch(
    '/forms/:id/favorite',
    {
      config: write,
      schema: {
        tags,
        summary: 'お気に入りの切り替え',
        params,
        body: formFavoriteInputSchema,
        response: { 200: okResponseSchema, ...denied },
      },
    },
    async (request) => {
      await service.setFavorite(account(request), request.params.id, request.body.favorite);
      return done;
    },
  );

  routes.delete(
    '/forms/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'フォームの削除（記録済みの友だち情報は残る）',
        params,
        response: { 200: okResponseSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      await service.remove(account(request), request.params.id);
      return done;
    },
  );

  routes.get(
    '/forms/:id/link',
    {
      config: write,
      schema: {
        tags,
        summary: '友だち一人の回答リンク（その友だちとして回答できる）',
        params,
        querystring: formLinkQuerySchema,
        response: { 200: formLinkSchema, ...denied },
      },
    },
    async (request) => {
      const form = await service.linkFor(
        account(request),
        request.params.id,
        request.query.friend_id,
      );
      const path = formPath(
        form.publicKey,
        memberToken(form.answerSecret, request.query.friend_id),
      );
      return { url: `${publicOrigin.replace(/\/+$/, '')}${path}` };
    },
  );

  routes.post(
    '/form_groups',
    {
      config: write,
      schema: {
        tags,
        summary: 'フォームのフォルダ登録',
        body: formGroupInputSchema,
        response: { 201: createdIdSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ id: await service.createGroup(account(request), request.body.name) }),
  );

  routes.put(
    '/form_groups/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'フォームのフォルダ名変更',
        params,
        body: formGroupInputSchema,
        response: { 200: okResponseSchema, ...denied },
      },
    },
    async (request) => {
      await service.renameGroup(account(request), request.params.id, request.body.name);
      return done;
    },
  );

  routes.delete(
    '/form_groups/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'フォームのフォルダ削除（フォームが残っていると削除できない）',
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
