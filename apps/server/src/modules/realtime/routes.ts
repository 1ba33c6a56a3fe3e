import {
  REALTIME_HEARTBEAT_SECONDS,
  SALON_RESERVATION_EVENT,
  realtimeSettingsSchema,
  referenceQuerySchema,
  salonEventsParamsSchema,
  errorBodySchema,
  type SalonReservationEvent,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../auth/index.js';
import { createSalonService, salonOf } from '../salons/index.js';
import type { RealtimeHub } from './hub.js';

function lastEventId(header: string | string[] | undefined, query?: string): number {
  const raw = (Array.isArray(header) ? header[0] : header) ?? query ?? '';
  return /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
}

const tags = ['realtime'];

/** RT-14 settings under `/api/realtime`: where the console subscribes. */
export async function realtimeSettingsRoutes(app: FastifyInstance) {
  const salons = createSalonService({ db: app.db });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/realtime/settings',
    {
      schema: {
        tags,
        summary:
          'リアルタイム設定（RT-14）: SSE なので api_key は null。channel はサロンごと（salon_id 省略時は最初のサロン）',
        querystring: referenceQuerySchema,
        response: { 200: realtimeSettingsSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const salon = await salons.forReference(authOf(request).accountId, request.query.salon_id);
      return {
        api_key: null,
        cluster: 'sse',
        channel: salon ? `salon-${salon.id}` : '',
        debug: app.config.REALTIME_DEBUG,
        salon_id: salon?.id ?? null,
        stream_url: salon ? `/api/salon/${salon.id}/events` : null,
      };
    },
  );
}

/**
 * The Server-Sent Events stream of a salon's reservation events (RT-01), inside the salon plugin
 * (`/api/salon/:salonId/events`); `hub` fans out the events of every process.
 */
export async function realtimeEventRoutes(app: FastifyInstance, options: { hub: RealtimeHub }) {
  const { hub } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/events',
    {
      schema: {
        tags,
        summary:
          'salon_reservation_event の Server-Sent Events ストリーム（RT-01）。Last-Event-ID（または ?last_event_id=）で直近10分を再送、20秒ごとにハートビート',
        params: salonEventsParamsSchema,
        querystring: z.object({ last_event_id: z.string().max(20).optional() }),
        response: { 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const salon = salonOf(request);
      let lastSent = lastEventId(request.headers['last-event-id'], request.query.last_event_id);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.write(`retry: 3000\n\n`);

      const send = (event: SalonReservationEvent) => {
        if (event.id <= lastSent) return;
        lastSent = event.id;
        raw.write(
          `id: ${event.id}\nevent: ${SALON_RESERVATION_EVENT}\ndata: ${JSON.stringify(event)}\n\n`,
        );
      };
      // Subscribe before replaying, and hold live events back until the replay is out, so
      // nothing falls between the two and nothing is sent twice.
      let queue: SalonReservationEvent[] | null = [];
      const unsubscribe = hub.subscribe(salon.id, (event) =>
        queue ? queue.push(event) : send(event),
      );
      const heartbeat = setInterval(
        () => raw.write(': ping\n\n'),
        REALTIME_HEARTBEAT_SECONDS * 1000,
      );
      const close = () => {
        clearInterval(heartbeat);
        unsubscribe();
        untrack();
        raw.end();
      };
      const untrack = hub.track(close);
      request.raw.on('close', close);
      try {
        if (lastSent > 0) for (const event of await hub.replay(salon.id, lastSent)) send(event);
      } finally {
        const pending = queue;
        queue = null;
        for (const event of pending) send(event);
      }
    },
  );
}
