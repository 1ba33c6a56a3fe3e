import {
  errorBodySchema,
  eventParamsSchema,
  eventSlotCopyInputSchema,
  eventSlotCopyResultSchema,
  eventSlotInputSchema,
  eventSlotListSchema,
  eventSlotParamsSchema,
  eventSlotSchema,
  statusTrueSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { EventService } from './event-service.js';
import { write, conflict, tags, account, typed } from './route-shared.js';

/** `/api/events/{id}/slots`: an event's slots, edited and copied week by week (issue 27). */
export function registerSlotRoutes(app: FastifyInstance, events: EventService) {
  const routes = typed(app);

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
}
