import {
  createdIdSchema,
  errorBodySchema,
  friendInfoIdParamsSchema,
  okResponseSchema,
  validationErrorBodySchema,
  varChoiceSchema,
  varChoicesInputSchema,
  varFavoriteInputSchema,
  varGroupInputSchema,
  varGroupSortInputSchema,
  variaSchema,
  varIdParamsSchema,
  varItemCreateSchema,
  varItemSchema,
  varItemUpdateSchema,
  varSortInputSchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { needs } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import type { VariaService } from './service.js';

/** Decision 0141: friend information is edited with the same right as tags. */
export const write = { access: needs('tag-write') };
export const denied = {
  403: errorBodySchema,
  404: errorBodySchema,
  422: validationErrorBodySchema,
};
const done = { status: true as const };

/**
 * Friend information definitions: `GET /v_resource/varia` and `GET /var/choice/{var_id}`
 * (spec §7) for any operator of the account; folders, items and choices under `/var` for
 * operators with `tag-write`.
 */
export async function variaRoutes(app: FastifyInstance, options: { varia: VariaService }) {
  const { varia: service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['friend-info'];
  const account = (request: Parameters<typeof authOf>[0]) => authOf(request).accountId;
  const byId = friendInfoIdParamsSchema;

  routes.get(
    '/v_resource/varia',
    {
      schema: {
        tags,
        summary: '友だち情報欄（フォルダ・項目・並び順、お気に入りは fav グループ）',
        response: { 200: variaSchema },
      },
    },
    async (request) => service.varia(account(request)),
  );

  routes.get(
    '/var/choice/:var_id',
    {
      schema: {
        tags,
        summary: '友だち情報欄の選択肢',
        params: varIdParamsSchema,
        response: { 200: z.array(varChoiceSchema), 404: errorBodySchema },
      },
    },
    async (request) => service.choices(account(request), request.params.var_id),
  );

  routes.put(
    '/var/choice/:var_id',
    {
      config: write,
      schema: {
        tags,
        summary: '選択肢の編集（一覧ごと置き換え、外した選択肢は友だちの値からも外れる）',
        params: varIdParamsSchema,
        body: varChoicesInputSchema,
        response: { 200: z.array(varChoiceSchema), ...denied },
      },
    },
    async (request) =>
      service.replaceChoices(account(request), request.params.var_id, request.body),
  );

  routes.post(
    '/var/items',
    {
      config: write,
      schema: {
        tags,
        summary: '友だち情報欄の登録',
        body: varItemCreateSchema,
        response: { 201: createdIdSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ id: await service.createItem(account(request), request.body) }),
  );

  routes.post(
    '/var/items/sort',
    {
      config: write,
      schema: {
        tags,
        summary: 'フォルダ内の友だち情報欄の並び替え',
        body: varSortInputSchema,
        response: { 200: okResponseSchema, ...denied },
      },
    },
    async (request) => {
      await service.sortItems(account(request), request.body.group_id, request.body.ids);
      return done;
    },
  );

  routes.put(
    '/var/items/:id',
    {
      config: write,
      schema: {
        tags,
        summary: '友だち情報欄の名前変更・フォルダ移動（種類は変えられない）',
        params: byId,
        body: varItemUpdateSchema,
        response: { 200: varItemSchema, ...denied },
      },
    },
    async (request) => service.updateItem(account(request), request.params.id, request.body),
  );

  routes.patch(
    '/var/items/:id/favorite',
    {
      config: write,
      schema: {
        tags,
        summary: 'お気に入りの切り替え',
        params: byId,
        body: varFavoriteInputSchema,
        response: { 200: okResponseSchema, ...denied },
      },
    },
    async (request) => {
      await service.setFavorite(account(request), request.params.id, request.body.favorite);
      return done;
    },
  );

  routes.delete(
    '/var/items/:id',
    {
      config: write,
      schema: {
        tags,
        summary: '友だち情報欄の削除（選択肢と友だちの値も消える）',
        params: byId,
        response: { 200: okResponseSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      await service.removeItem(account(request), request.params.id);
      return done;
    },
  );

  routes.post(
    '/var/groups',
    {
      config: write,
      schema: {
        tags,
        summary: '友だち情報フォルダの登録',
        body: varGroupInputSchema,
        response: { 201: createdIdSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ id: await service.createGroup(account(request), request.body.name) }),
  );

  routes.post(
    '/var/groups/sort',
    {
      config: write,
      schema: {
        tags,
        summary: '友だち情報フォルダの並び替え',
        body: varGroupSortInputSchema,
        response: { 200: okResponseSchema, ...denied },
      },
    },
    async (request) => {
      await service.sortGroups(account(request), request.body.ids);
      return done;
    },
  );

  routes.put(
    '/var/groups/:id',
    {
      config: write,
      schema: {
        tags,
        summary: '友だち情報フォルダの名前変更',
        params: byId,
        body: varGroupInputSchema,
        response: { 200: okResponseSchema, ...denied },
      },
    },
    async (request) => {
      await service.renameGroup(account(request), request.params.id, request.body.name);
      return done;
    },
  );

  routes.delete(
    '/var/groups/:id',
    {
      config: write,
      schema: {
        tags,
        summary: '友だち情報フォルダの削除（項目が残っているフォルダは削除できない）',
        params: byId,
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
