import {
  episodeIdParamsSchema,
  episodeInputSchema,
  episodeSchema,
  episodeStepsInputSchema,
  errorBodySchema,
  okResponseSchema,
  salonEpisodesSchema,
  slotGroupAttrBodySchema,
  slotGroupAttrQuerySchema,
  slotGroupParamsSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { needs } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import type { EpisodesService } from './service.js';

/** Decision 0167: episodes belong to the salon side, written with `reserve-write`. */
const write = { access: needs('reserve-write') };
const denied = { 403: errorBodySchema, 404: errorBodySchema, 422: validationErrorBodySchema };

/**
 * Episodes and follows (spec §7 Episodes): `POST /api/episodes`, `POST /api/episodes/{id}/steps`,
 * `DELETE /api/episodes/{id}`, `PATCH /api/line/slot_groups/{salonId}/salon?attr=`; ours: the
 * reads `GET /api/episodes[/{id}]` and `GET /api/line/slot_groups/{salonId}/salon`.
 */
export async function episodeRoutes(app: FastifyInstance, options: { episodes: EpisodesService }) {
  const { episodes: service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['episodes'];
  const account = (request: FastifyRequest) => authOf(request).accountId;

  routes.get(
    '/episodes',
    {
      schema: {
        tags,
        summary: 'エピソード・フォロー一覧（削除済みを除く、ステップつき）',
        response: { 200: z.array(episodeSchema) },
      },
    },
    async (request) => service.list(account(request)),
  );

  routes.post(
    '/episodes',
    {
      config: write,
      schema: {
        tags,
        summary: 'エピソード（種類10）・フォローの作成（EPI-04）',
        body: episodeInputSchema,
        response: { 201: episodeSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(account(request), request.body)),
  );

  routes.get(
    '/episodes/:id',
    {
      schema: {
        tags,
        summary: 'エピソード・フォロー一件',
        params: episodeIdParamsSchema,
        response: { 200: episodeSchema, 404: errorBodySchema },
      },
    },
    async (request) => service.get(account(request), request.params.id),
  );

  routes.post(
    '/episodes/:id/steps',
    {
      config: write,
      schema: {
        tags,
        summary: 'ステップの保存（一覧を丸ごと置き換え、EPI-03）',
        params: episodeIdParamsSchema,
        body: episodeStepsInputSchema,
        response: { 200: episodeSchema, ...denied },
      },
    },
    async (request) => service.setSteps(account(request), request.params.id, request.body.steps),
  );

  routes.delete(
    '/episodes/:id',
    {
      config: write,
      schema: {
        tags,
        summary: '削除（残したまま hid_at を付け、以後は送らない、EPI-07/08）',
        params: episodeIdParamsSchema,
        response: { 200: okResponseSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      await service.hide(account(request), request.params.id);
      return { status: true as const };
    },
  );

  routes.get(
    '/line/slot_groups/:salonId/salon',
    {
      schema: {
        tags,
        summary: 'サロンのエピソードとフォロー',
        params: slotGroupParamsSchema,
        response: { 200: salonEpisodesSchema, 404: errorBodySchema },
      },
    },
    async (request) => service.salonEpisodes(account(request), request.params.salonId),
  );

  routes.patch(
    '/line/slot_groups/:salonId/salon',
    {
      config: write,
      schema: {
        tags,
        summary: 'サロンのエピソード・フォローの設定（EPI-05/06、null で解除）',
        params: slotGroupParamsSchema,
        querystring: slotGroupAttrQuerySchema,
        body: slotGroupAttrBodySchema,
        response: { 200: salonEpisodesSchema, ...denied },
      },
    },
    async (request) =>
      service.attach(
        account(request),
        request.params.salonId,
        request.query.attr,
        request.body.value,
      ),
  );
}
