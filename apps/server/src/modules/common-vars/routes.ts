import {
  commonVarFavoriteInputSchema,
  commonVarGroupInputSchema,
  commonVarIdParamsSchema,
  commonVarInputSchema,
  commonVarItemSchema,
  commonVarSortInputSchema,
  commonVarsSchema,
  createdIdSchema,
  errorBodySchema,
  okResponseSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { needs } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import type { CommonVarsService } from './service.js';

/** Decision 0146: reading and writing common information both need `common-var-write`. */
const access = { access: needs('common-var-write') };
const denied = { 403: errorBodySchema, 404: errorBodySchema, 422: validationErrorBodySchema };
const done = { status: true as const };

/**
 * Common information: `GET /api/v_resource/common_vars` (REF-09, spec §7); ours: items under
 * `/api/common_vars`, folders under `/api/common_var_groups`.
 */
export async function commonVarRoutes(
  app: FastifyInstance,
  options: { commonVars: CommonVarsService },
) {
  const { commonVars: service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['common-vars'];
  const account = (request: FastifyRequest) => authOf(request).accountId;
  const params = commonVarIdParamsSchema;

  routes.get(
    '/v_resource/common_vars',
    {
      config: access,
      schema: {
        tags,
        summary: '共通情報（フォルダ・項目・並び順、お気に入りは fav グループ）',
        response: { 200: commonVarsSchema, 403: errorBodySchema },
      },
    },
    async (request) => service.commonVars(account(request)),
  );

  routes.post(
    '/common_vars',
    {
      config: access,
      schema: {
        tags,
        summary: '共通情報の登録',
        body: commonVarInputSchema,
        response: { 201: createdIdSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ id: await service.create(account(request), request.body) }),
  );

  routes.post(
    '/common_vars/sort',
    {
      config: access,
      schema: {
        tags,
        summary: 'フォルダ内の並び替え（そのフォルダの全項目を新しい順に）',
        body: commonVarSortInputSchema,
        response: { 200: okResponseSchema, ...denied },
      },
    },
    async (request) => {
      await service.sort(account(request), request.body.group_id, request.body.ids);
      return done;
    },
  );

  routes.get(
    '/common_vars/:id',
    {
      config: access,
      schema: {
        tags,
        summary: '共通情報一件',
        params,
        response: { 200: commonVarItemSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => service.get(account(request), request.params.id),
  );

  routes.put(
    '/common_vars/:id',
    {
      config: access,
      schema: {
        tags,
        summary: '共通情報の更新',
        params,
        body: commonVarInputSchema,
        response: { 200: commonVarItemSchema, ...denied },
      },
    },
    async (request) => service.update(account(request), request.params.id, request.body),
  );

  routes.patch(
    '/common_vars/:id/favorite',
    {
      config: access,
      schema: {
        tags,
        summary: 'お気に入りの切り替え',
        params,
        body: commonVarFavoriteInputSchema,
        response: { 200: okResponseSchema, ...denied },
      },
    },
    async (request) => {
      await service.setFavorite(account(request), request.params.id, request.body.favorite);
      return done;
    },
  );

  routes.delete(
    '/common_vars/:id',
    {
      config: access,
      schema: {
        tags,
        summary: '共通情報の削除',
        params,
        response: { 200: okResponseSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      await service.remove(account(request), request.params.id);
      return done;
    },
  );

  routes.post(
    '/common_var_groups',
    {
      config: access,
      schema: {
        tags,
        summary: '共通情報のフォルダ登録',
        body: commonVarGroupInputSchema,
        response: { 201: createdIdSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ id: await service.createGroup(account(request), request.body.name) }),
  );

  routes.put(
    '/common_var_groups/:id',
    {
      config: access,
      schema: {
        tags,
        summary: '共通情報のフォルダ名変更',
        params,
        body: commonVarGroupInputSchema,
        response: { 200: okResponseSchema, ...denied },
      },
    },
    async (request) => {
      await service.renameGroup(account(request), request.params.id, request.body.name);
      return done;
    },
  );

  routes.delete(
    '/common_var_groups/:id',
    {
      config: access,
      schema: {
        tags,
        summary: '共通情報のフォルダ削除（項目が残っていると削除できない）',
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
