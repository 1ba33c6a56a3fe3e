import {
  errorBodySchema,
  eventCreatedSchema,
  eventInputSchema,
  eventListQuerySchema,
  eventListSchema,
  eventParamsSchema,
  eventSchema,
  eventStateInputSchema,
  statusTrueSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { EventService } from './event-service.js';
import { registerReservationRoutes } from './reservation-routes.js';
import type { EventReservationsService } from './reservations-service.js';
import { write, denied, conflict, tags, account, typed } from './route-shared.js';
import { registerSlotRoutes } from './slot-routes.js';

/** `/api/events`: the console's events, slots and reservations (issue 27). */
export async function eventRoutes(
  app: FastifyInstance,
  options: { events: EventService; reservations: EventReservationsService },
) {
  const { events, reservations } = options;
  const routes = typed(app);

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

  registerSlotRoutes(app, events);
  registerReservationRoutes(app, events, reservations);
}
