import {
  attrValueBodySchema,
  judgeInputSchema,
  judgeParamsSchema,
  reservationCreatedSchema,
  reservationInputSchema,
  reservationListSchema,
  reservationPatchQuerySchema,
  reservationSchema,
  reservationWriteResponseSchema,
  reservationsQuerySchema,
  salonItemParamsSchema,
  salonParamsSchema,
  statusTrueSchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PublishEvents, RecordEvents } from '../realtime/index.js';
import {
  cacheKeyOf,
  conflictErrors,
  readErrors,
  salonOf,
  writeErrors,
  type SalonReadCache,
} from '../salons/index.js';
import { registerBlockTimeRoutes } from './block-time-routes.js';
import { createReservationCore, createReservationService } from './service.js';

/**
 * Reservations and judgements of member requests (RSV-56..74, DEC-05), then the block times,
 * inside the salon plugin (`/api/salon/:salonId`). Changes are published as realtime events after
 * commit.
 */
export async function reservationRoutes(
  app: FastifyInstance,
  options: { readCache: SalonReadCache; publish: PublishEvents; record?: RecordEvents },
) {
  const { readCache } = options;
  const reservations = createReservationService(
    createReservationCore({ db: app.db, publish: options.publish, record: options.record }),
  );
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['salon: reservations'];

  routes.get(
    '/reservations',
    {
      schema: {
        tags,
        summary:
          '予約一覧（RSV-62/63）: ids=a,b、または range_date（既定は東京の今週 月〜日、62日以内）・resource・status',
        params: salonParamsSchema,
        querystring: reservationsQuerySchema,
        response: { 200: reservationListSchema, ...readErrors, 422: writeErrors[422] },
      },
    },
    async (request, reply) => {
      const salon = salonOf(request);
      const filter = reservations.filterOf(request.query);
      return readCache.send(request, reply, salon, cacheKeyOf('reservations', filter), () =>
        reservations.list(salon.id, filter),
      );
    },
  );

  routes.get(
    '/reservations/:id',
    {
      schema: {
        tags,
        summary: '予約1件',
        params: salonItemParamsSchema,
        response: { 200: reservationSchema, ...readErrors },
      },
    },
    async (request) => reservations.get(salonOf(request).id, request.params.id),
  );

  routes.post(
    '/reservations',
    {
      schema: {
        tags,
        summary:
          '予約登録（RSV-64）: 重なる予約・ブロック時間があれば 409、スタッフのシフト外は shift_override なしで 422',
        params: salonParamsSchema,
        body: reservationInputSchema,
        response: { 201: reservationCreatedSchema, ...conflictErrors },
      },
    },
    async (request, reply) => {
      const salon = salonOf(request);
      const id = await reservations.create(salon, request.body);
      return reply
        .code(201)
        .send({ status: true, id, reservation: await reservations.get(salon.id, id) });
    },
  );

  routes.put(
    '/reservations/:id',
    {
      schema: {
        tags,
        summary: '予約更新（RSV-65、DEC-05）',
        params: salonItemParamsSchema,
        body: reservationInputSchema,
        response: { 200: reservationWriteResponseSchema, ...conflictErrors },
      },
    },
    async (request) => ({
      status: true as const,
      reservation: await reservations.update(salonOf(request), request.params.id, request.body),
    }),
  );

  routes.patch(
    '/reservations/:id',
    {
      schema: {
        tags,
        summary:
          '予約の属性を1つ変更（RSV-66/67、DEC-05）: attr は status・memo・checked_at・visit_status・is_attended、body は {value}',
        params: salonItemParamsSchema,
        querystring: reservationPatchQuerySchema,
        body: attrValueBodySchema,
        response: { 200: reservationWriteResponseSchema, ...conflictErrors },
      },
    },
    async (request) => ({
      status: true as const,
      reservation: await reservations.patch(
        salonOf(request),
        request.params.id,
        request.query.attr,
        request.body,
      ),
    }),
  );

  routes.delete(
    '/reservations/:id',
    {
      schema: {
        tags,
        summary: '予約削除（RSV-68）',
        params: salonItemParamsSchema,
        response: { 200: statusTrueSchema, ...writeErrors },
      },
    },
    async (request) => {
      await reservations.remove(salonOf(request), request.params.id);
      return { status: true as const };
    },
  );

  for (const kind of ['edit', 'cancel'] as const) {
    routes.post(
      `/reservations/:id/judge/:childId/${kind}`,
      {
        schema: {
          tags,
          summary:
            kind === 'edit'
              ? '変更リクエストの承認・却下（RSV-71/72）: {status: approve|deny}。取り下げ済み・処理済みは 409'
              : 'キャンセルリクエストの承認・却下（RSV-73）: {status: approve|deny}。取り下げ済み・処理済みは 409',
          params: judgeParamsSchema,
          body: judgeInputSchema,
          response: { 200: reservationWriteResponseSchema, ...conflictErrors },
        },
      },
      async (request) => {
        const { id, childId } = request.params;
        const salon = salonOf(request);
        const reservation =
          kind === 'edit'
            ? await reservations.judgeEdit(salon, id, childId, request.body.status)
            : await reservations.judgeCancel(salon, id, childId, request.body.status);
        return { status: true as const, reservation };
      },
    );
  }

  registerBlockTimeRoutes(app);
}
