import {
  errorBodySchema,
  journeyBulkDeleteInputSchema,
  journeyFavoriteInputSchema,
  journeyFavoriteSortInputSchema,
  journeyGroupSchema,
  journeyGroupSortInputSchema,
  journeyIdParamsSchema,
  journeyInputSchema,
  journeyMoveGroupInputSchema,
  journeyNameInputSchema,
  journeySchema,
  journeySortInputSchema,
  journeyTagMembersParamsSchema,
  journeyTagMembersQuerySchema,
  journeyTagMembersSchema,
  journeyTagSchema,
  okResponseSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { needs } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import type { JourneysService } from './service.js';

/** Decision 0169: journeys are the console's funnels, written with `funnel-write`. */
const write = { access: needs('funnel-write') };
const denied = { 403: errorBodySchema, 404: errorBodySchema, 422: validationErrorBodySchema };
const done = { status: true as const };

/** Journeys, folders and journey tags (spec §7 Journeys, JRN-05..25). */
export async function journeyRoutes(app: FastifyInstance, options: { journeys: JourneysService }) {
  const { journeys: service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['journeys'];
  const account = (request: FastifyRequest) => authOf(request).accountId;
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

  // --- folders ---------------------------------------------------------------------------------

  routes.get(
    '/journey_groups',
    {
      schema: {
        tags,
        summary: 'ジャーニーのフォルダ（JRN-15）',
        response: { 200: z.array(journeyGroupSchema) },
      },
    },
    async (request) => service.listGroups(account(request)),
  );

  routes.post(
    '/journey_groups',
    {
      config: write,
      schema: {
        tags,
        summary: 'フォルダ作成（JRN-16、最後に）',
        body: journeyNameInputSchema,
        response: { 201: journeyGroupSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createGroup(account(request), request.body.name)),
  );

  routes.post(
    '/journey_groups/sort',
    {
      config: write,
      schema: {
        tags,
        summary: 'フォルダの並べ替え（JRN-17、全フォルダを新しい順で）',
        body: journeyGroupSortInputSchema,
        response: { 200: okResponseSchema, ...denied },
      },
    },
    async (request) => {
      await service.sortGroups(account(request), request.body.ids);
      return done;
    },
  );

  routes.delete(
    '/journey_groups/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'フォルダ削除（JRN-18、中のジャーニーは未分類へ）',
        params,
        response: { 200: okResponseSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      await service.removeGroup(account(request), request.params.id);
      return done;
    },
  );

  routes.patch(
    '/journey_groups/:id/rename',
    {
      config: write,
      schema: {
        tags,
        summary: 'フォルダ名の変更（JRN-19）',
        params,
        body: journeyNameInputSchema,
        response: { 200: journeyGroupSchema, ...denied },
      },
    },
    async (request) => service.renameGroup(account(request), request.params.id, request.body.name),
  );

  // --- journey tags ----------------------------------------------------------------------------

  routes.get(
    '/journey_tags',
    {
      schema: {
        tags,
        summary: 'ジャーニータグ（JRN-20、付いている友だちの数つき）',
        response: { 200: z.array(journeyTagSchema) },
      },
    },
    async (request) => service.listTags(account(request)),
  );

  routes.post(
    '/journey_tags',
    {
      config: write,
      schema: {
        tags,
        summary: 'ジャーニータグ作成（JRN-21）',
        body: journeyNameInputSchema,
        response: { 201: journeyTagSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createTag(account(request), request.body.name)),
  );

  routes.patch(
    '/journey_tags/:id/rename',
    {
      config: write,
      schema: {
        tags,
        summary: 'ジャーニータグ名の変更（JRN-22）',
        params,
        body: journeyNameInputSchema,
        response: { 200: journeyTagSchema, ...denied },
      },
    },
    async (request) => service.renameTag(account(request), request.params.id, request.body.name),
  );

  routes.delete(
    '/journey_tags/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'ジャーニータグ削除（JRN-23、付けた印も消える）',
        params,
        response: { 200: okResponseSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      await service.removeTag(account(request), request.params.id);
      return done;
    },
  );
}
