import {
  errorBodySchema,
  journeyIdParamsSchema,
  journeyNameInputSchema,
  journeyTagSchema,
  okResponseSchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { JourneyTagsService } from './journey-tags-service.js';
import { accountOf as account, denied, done, tags, write } from './route-parts.js';

/** Journey tags (spec §7 Journeys, JRN-20..23). */
export async function journeyTagRoutes(
  app: FastifyInstance,
  options: { service: JourneyTagsService },
) {
  const { service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const params = journeyIdParamsSchema;

  routes.get(
    '/journey_tags',
    {
      schema: {
        tags,
        summary: 'ジャーニータグ（JRN-20、付いている友だちの数つき）',
        response: { 200: z.array(journeyTagSchema) },
      },
    },
    async (request) => service.list(account(request)),
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
      reply.code(201).send(await service.create(account(request), request.body.name)),
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
    async (request) => service.rename(account(request), request.params.id, request.body.name),
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
      await service.remove(account(request), request.params.id);
      return done;
    },
  );
}
