import {
  errorBodySchema,
  journeyBulkDeleteInputSchema,
  journeyFavoriteInputSchema,
  journeyFavoriteSortInputSchema,
  journeyIdParamsSchema,
  journeyInputSchema,
  journeyMoveGroupInputSchema,
  journeySchema,
  journeySortInputSchema,
  journeyTagMembersParamsSchema,
  journeyTagMembersQuerySchema,
  journeyTagMembersSchema,
  okResponseSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountOf as account, denied, done, tags, write } from './route-parts.js';
import type { JourneysService } from './service.js';

/** Journeys (spec §7 Journeys, JRN-05..14, JRN-24, JRN-25); folders and journey tags: own files. */
export async function journeyRoutes(app: FastifyInstance, options: { journeys: JourneysService }) {
  const { journeys: service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const params = journeyIdParamsSchema;

  routes.get(
    '/journeys',
    {
      schema: {
        tags,
        summary: 'ジャーニー一覧（JRN-05、フォルダ順→フォルダ内の順）',
        response: { 200: z.array(journeySchema) },
      },
    },
    async (request) => service.list(account(request)),
  );

  routes.post(
    '/journeys',
    {
      config: write,
      schema: {
        tags,
        summary: 'ジャーニー作成（JRN-06、フォルダの最後に）',
        body: journeyInputSchema,
        response: { 201: journeySchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(account(request), request.body)),
  );

  routes.get(
    '/journeys/:id',
    {
      schema: {
        tags,
        summary: 'ジャーニー一件',
        params,
        response: { 200: journeySchema, 404: errorBodySchema },
      },
    },
    async (request) => service.get(account(request), request.params.id),
  );

  routes.put(
    '/journeys/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'ジャーニー更新（JRN-07）',
        params,
        body: journeyInputSchema,
        response: { 200: journeySchema, ...denied },
      },
    },
    async (request) => service.update(account(request), request.params.id, request.body),
  );

  routes.delete(
    '/journeys/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'ジャーニー削除（JRN-08、歩いている友だちは止まる）',
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
    '/journeys/sort',
    {
      config: write,
      schema: {
        tags,
        summary: 'フォルダ内の並べ替え（JRN-09、そのフォルダの全件を新しい順で）',
        body: journeySortInputSchema,
        response: { 200: okResponseSchema, ...denied },
      },
    },
    async (request) => {
      await service.sort(account(request), request.body.group_id, request.body.ids);
      return done;
    },
  );

  routes.post(
    '/journeys/sort/favorite',
    {
      config: write,
      schema: {
        tags,
        summary: 'お気に入りの並べ替え（JRN-10、お気に入り全件を新しい順で）',
        body: journeyFavoriteSortInputSchema,
        response: { 200: okResponseSchema, ...denied },
      },
    },
    async (request) => {
      await service.sortFavorites(account(request), request.body.ids);
      return done;
    },
  );

  routes.post(
    '/journeys/bulk_delete',
    {
      config: write,
      schema: {
        tags,
        summary: 'まとめて削除（JRN-11、すべて消えるか一つも消えない）',
        body: journeyBulkDeleteInputSchema,
        response: { 200: okResponseSchema, ...denied },
      },
    },
    async (request) => {
      await service.bulkRemove(account(request), request.body.ids);
      return done;
    },
  );

  routes.post(
    '/journeys/mv_group',
    {
      config: write,
      schema: {
        tags,
        summary: 'フォルダへ移動（JRN-12、移動先の最後に）',
        body: journeyMoveGroupInputSchema,
        response: { 200: okResponseSchema, ...denied },
      },
    },
    async (request) => {
      await service.moveToGroup(account(request), request.body.group_id, request.body.ids);
      return done;
    },
  );

  routes.patch(
    '/journeys/:id/fav',
    {
      config: write,
      schema: {
        tags,
        summary: 'お気に入りの切り替え（JRN-13）',
        params,
        body: journeyFavoriteInputSchema,
        response: {
          200: z.object({ favorite: z.boolean(), favorite_order: z.number().int().nullable() }),
          ...denied,
        },
      },
    },
    async (request) =>
      service.setFavorite(account(request), request.params.id, request.body.favorite),
  );

  routes.post(
    '/journeys/:id/copy',
    {
      config: write,
      schema: {
        tags,
        summary: 'ジャーニーのコピー（JRN-14、停止中で同じフォルダの最後に）',
        params,
        response: { 201: journeySchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.copy(account(request), request.params.id)),
  );

  routes.get(
    '/journeys/:id/journey_tags/:tagId/members',
    {
      schema: {
        tags,
        summary: 'このジャーニーでジャーニータグが付いた友だち（JRN-25、ページ送り）',
        params: journeyTagMembersParamsSchema,
        querystring: journeyTagMembersQuerySchema,
        response: {
          200: journeyTagMembersSchema,
          404: errorBodySchema,
          422: validationErrorBodySchema,
        },
      },
    },
    async (request) =>
      service.tagMembers(
        account(request),
        request.params.id,
        request.params.tagId,
        request.query.page,
      ),
  );
}
