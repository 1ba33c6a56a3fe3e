import {
  errorBodySchema,
  eventCheckinInputSchema,
  eventCsvQuerySchema,
  eventManualReservationInputSchema,
  eventParamsSchema,
  eventReservationListSchema,
  eventReservationParamsSchema,
  eventReservationResultSchema,
  eventReservationStateInputSchema,
  eventReservationsQuerySchema,
  todayInTokyo,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import { eventReservationsCsv } from './csv.js';
import type { EventService } from './event-service.js';
import type { EventReservationsService } from './reservations-service.js';
import { write, conflict, tags, account, typed } from './route-shared.js';

/**
 * `/api/events/{id}/reservations` and `/checkin`: the list by slot, the CSV, 代理予約, states and
 * check-in by the QR's code (issue 27).
 */
export function registerReservationRoutes(
  app: FastifyInstance,
  events: EventService,
  reservations: EventReservationsService,
) {
  const routes = typed(app);

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
