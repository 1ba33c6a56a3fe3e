import {
  errorBodySchema,
  eventCheckinInputSchema,
  eventCreatedSchema,
  eventCsvQuerySchema,
  eventInputSchema,
  eventListQuerySchema,
  eventListSchema,
  eventManualReservationInputSchema,
  eventParamsSchema,
  eventReservationListSchema,
  eventReservationParamsSchema,
  eventReservationResultSchema,
  eventReservationStateInputSchema,
  eventReservationsQuerySchema,
  eventSchema,
  eventSlotCopyInputSchema,
  eventSlotCopyResultSchema,
  eventSlotInputSchema,
  eventSlotListSchema,
  eventSlotParamsSchema,
  eventSlotSchema,
  eventStateInputSchema,
  statusTrueSchema,
  todayInTokyo,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { needs } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import { eventReservationsCsv } from './csv.js';
import type { EventService } from './event-service.js';
import type { EventReservationsService } from './reservations-service.js';

/** Reads for every operator of the account; writes need `reserve-write` (decision 0310). */
const write = { access: needs('reserve-write') };
const denied = { 403: errorBodySchema, 404: errorBodySchema, 422: validationErrorBodySchema };
const conflict = { ...denied, 409: errorBodySchema };

/** `/api/events`: the console's events, slots and reservations (issue 27). */
export async function eventRoutes(
  app: FastifyInstance,
  options: { events: EventService; reservations: EventReservationsService },
) {
  const { events, reservations } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['events'];
  const account = (request: FastifyRequest) => authOf(request).accountId;

  routes.get(
    '/events',
    {
      schema: {
        tags,
        summary: 'イベント一覧（次回の日程、日程ごとの予約数と定員、状態、フォルダ）',
        querystring: eventListQuerySchema,
        response: { 200: eventListSchema, 422: validationErrorBodySchema },
      },
    },
    async (request) => events.list(account(request), request.query),
  );
  routes.post(
    '/events',
    {
      config: write,
      schema: {
        tags,
        summary:
          'イベント作成（state は draft（下書き、既定）か open（受付中））。id と public_key',
        body: eventInputSchema,
        response: { 201: eventCreatedSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await events.create(account(request), request.body)),
  );
  routes.get(
    '/events/:id',
    {
      schema: {
        tags,
        summary: 'イベントの設定',
        params: eventParamsSchema,
        response: { 200: eventSchema, 404: errorBodySchema, 422: validationErrorBodySchema },
      },
    },
    async (request) => events.get(account(request), request.params.id),
  );
  routes.put(
    '/events/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'イベントの編集（全体。予約済みの方のリマインダーも新しい設定に合わせる）',
        params: eventParamsSchema,
        body: eventInputSchema,
        response: { 200: eventSchema, ...denied },
      },
    },
    async (request) => events.update(account(request), request.params.id, request.body),
  );
  routes.post(
    '/events/:id/state',
    {
      config: write,
      schema: {
        tags,
        summary: 'イベントの状態を変える（下書き・受付中・締切・終了）',
        params: eventParamsSchema,
        body: eventStateInputSchema,
        response: { 200: eventSchema, ...denied },
      },
    },
    async (request) => events.setState(account(request), request.params.id, request.body.state),
  );
  routes.post(
    '/events/:id/copy',
    {
      config: write,
      schema: {
        tags,
        summary: 'イベントをコピー（設定と日程、予約なしの下書き）',
        params: eventParamsSchema,
        response: { 201: eventCreatedSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await events.copy(account(request), request.params.id)),
  );
  routes.delete(
    '/events/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'イベントを削除（予約が一件もないときだけ）',
        params: eventParamsSchema,
        response: { 200: statusTrueSchema, ...conflict },
      },
    },
    async (request) => events.remove(account(request), request.params.id),
  );

  routes.get(
    '/events/:id/slots',
    {
      schema: {
        tags,
        summary: 'イベントの日程（予約数 booked・定員 capacity・残席・キャンセル待ち）',
        params: eventParamsSchema,
        response: {
          200: eventSlotListSchema,
          404: errorBodySchema,
          422: validationErrorBodySchema,
        },
      },
    },
    async (request) => {
      const event = await events.eventOf(app.db, account(request), request.params.id);
      return { slots: await events.slotsView(app.db, event) };
    },
  );
  routes.post(
    '/events/:id/slots',
    {
      config: write,
      schema: {
        tags,
        summary: '日程を追加（starts_at・ends_at はオフセット付き ISO 8601、capacity は定員）',
        params: eventParamsSchema,
        body: eventSlotInputSchema,
        response: { 201: eventSlotSchema, ...conflict },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await events.addSlot(account(request), request.params.id, request.body)),
  );
  routes.put(
    '/events/:id/slots/:slotId',
    {
      config: write,
      schema: {
        tags,
        summary: '日程を編集（定員は予約済みの数より少なくできない）',
        params: eventSlotParamsSchema,
        body: eventSlotInputSchema,
        response: { 200: eventSlotSchema, ...conflict },
      },
    },
    async (request) =>
      events.updateSlot(account(request), request.params.id, request.params.slotId, request.body),
  );
  routes.delete(
    '/events/:id/slots/:slotId',
    {
      config: write,
      schema: {
        tags,
        summary: '日程を削除（予約のない日程だけ）',
        params: eventSlotParamsSchema,
        response: { 200: statusTrueSchema, ...conflict },
      },
    },
    async (request) =>
      events.removeSlot(account(request), request.params.id, request.params.slotId),
  );
  routes.post(
    '/events/:id/slots/:slotId/copy',
    {
      config: write,
      schema: {
        tags,
        summary: '日程を複数の日付にコピー（同じ時刻・定員・場所。例: 毎週8週分）',
        params: eventSlotParamsSchema,
        body: eventSlotCopyInputSchema,
        response: { 201: eventSlotCopyResultSchema, ...conflict },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await events.copySlot(
            account(request),
            request.params.id,
            request.params.slotId,
            request.body.dates,
          ),
        ),
  );

  routes.get(
    '/events/:id/reservations',
    {
      schema: {
        tags,
        summary: 'イベントの予約一覧（日程ごとの予約者・回答・状態、キャンセル待ち）',
        params: eventParamsSchema,
        querystring: eventReservationsQuerySchema,
        response: {
          200: eventReservationListSchema,
          404: errorBodySchema,
          422: validationErrorBodySchema,
        },
      },
    },
    async (request) =>
      reservations.list(account(request), request.params.id, request.query.slot_id),
  );
  routes.get(
    '/events/:id/reservations.csv',
    {
      schema: {
        tags,
        summary: 'イベントの予約一覧のCSV（UTF-8（BOMつき）または CP932、Excel でそのまま開ける）',
        params: eventParamsSchema,
        querystring: eventCsvQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const event = await events.eventOf(app.db, account(request), request.params.id);
      const { encoding, slot_id } = request.query;
      const body = await eventReservationsCsv(app.db, event, slot_id, encoding);
      const stamp = todayInTokyo().replaceAll('-', '');
      return reply
        .header('content-type', `text/csv; charset=${encoding === 'cp932' ? 'Shift_JIS' : 'utf-8'}`)
        .header('content-disposition', `attachment; filename="event-${event.id}-${stamp}.csv"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
  routes.post(
    '/events/:id/reservations',
    {
      config: write,
      schema: {
        tags,
        summary: 'スタッフが友だちの予約を追加（代理予約。定員と予約回数の制限は守る）',
        params: eventParamsSchema,
        body: eventManualReservationInputSchema,
        response: { 201: eventReservationResultSchema, ...conflict },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await reservations.add(account(request), request.params.id, request.body)),
  );
  routes.patch(
    '/events/:id/reservations/:reservationId',
    {
      config: write,
      schema: {
        tags,
        summary:
          '予約の状態を変える（出席・欠席・キャンセル（店）・連絡ありキャンセル・予約に戻す）',
        params: eventReservationParamsSchema,
        body: eventReservationStateInputSchema,
        response: { 200: eventReservationResultSchema, ...conflict },
      },
    },
    async (request) =>
      reservations.setState(
        account(request),
        request.params.id,
        request.params.reservationId,
        request.body.state,
      ),
  );
  routes.post(
    '/events/:id/checkin',
    {
      config: write,
      schema: {
        tags,
        summary: '受付: 友だちの予約のQRコード（code）を読み取って出席にする',
        params: eventParamsSchema,
        body: eventCheckinInputSchema,
        response: { 200: eventReservationResultSchema, ...conflict },
      },
    },
    async (request) => reservations.checkin(account(request), request.params.id, request.body.code),
  );
}
