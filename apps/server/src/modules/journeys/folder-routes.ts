import {
  errorBodySchema,
  journeyGroupSchema,
  journeyGroupSortInputSchema,
  journeyIdParamsSchema,
  journeyNameInputSchema,
  okResponseSchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { JourneyFoldersService } from './folders-service.js';
import { accountOf as account, denied, done, tags, write } from './route-parts.js';

/** Journey folders (spec §7 Journeys, JRN-15..19). */
export async function journeyFolderRoutes(
  app: FastifyInstance,
  options: { service: JourneyFoldersService },
) {
  const { service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const params = journeyIdParamsSchema;

  routes.get(
    '/journey_groups',
    {
      schema: {
        tags,
        summary: 'ジャーニーのフォルダ（JRN-15）',
        response: { 200: z.array(journeyGroupSchema) },
      },
    },
    async (request) => service.list(account(request)),
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
      reply.code(201).send(await service.create(account(request), request.body.name)),
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
      await service.sort(account(request), request.body.ids);
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
      await service.remove(account(request), request.params.id);
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
    async (request) => service.rename(account(request), request.params.id, request.body.name),
  );
}
