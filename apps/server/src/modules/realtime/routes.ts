import {
  REALTIME_HEARTBEAT_SECONDS,
  REALTIME_MESSAGES,
  SALON_RESERVATION_EVENT,
  realtimeSettingsSchema,
  referenceQuerySchema,
  salonEventsParamsSchema,
  errorBodySchema,
  type SalonReservationEvent,
} from '@tsunagu/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError, TooManyRequestsError } from '../../lib/errors.js';
import { SESSION_COOKIE, authOf, hashSessionToken, type AuthService } from '../auth/index.js';
import { createSalonService, salonOf, type SalonService } from '../salons/index.js';
import type { RealtimeHub } from './hub.js';
import { EVENT_STREAM_RESPONSES } from '../../plugins/openapi-responses.js';

function lastEventId(header: string | string[] | undefined, query?: string): number {
  const raw = (Array.isArray(header) ? header[0] : header) ?? query ?? '';
  return /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
}

/**
 * Whether a stream may stay open, asked on every heartbeat (decision 0051): its session still
 * lives (not signed out in another process, not idle or past its lifetime) and its salon is
 * still the operator's. Asking is not use: it does not keep the session alive. A database
 * error keeps the stream (the next heartbeat asks again); overlapping asks are skipped.
 */
function mayStayOpen(
  auth: AuthService,
  salons: SalonService,
  token: string,
  salonId: number,
  log: FastifyBaseLogger,
): () => Promise<boolean> {
  let asking = false;
  return async () => {
    if (asking) return true;
    asking = true;
    try {
      const operator = await auth.authenticate(token, { touch: false });
      if (!operator) return false;
      await salons.require(operator.accountId, salonId);
      return true;
    } catch (error) {
      if (error instanceof NotFoundError) return false;
      log.warn({ err: error }, 'event stream check failed; the stream stays open');
      return true;
    } finally {
      asking = false;
    }
  };
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
  const { sessions } = app;
  const salons = createSalonService({ db: app.db });
  // A session that ends in this process ends its streams at once (decision 0051).
  const stopWatching = sessions.onSessionEnded((tokenHash) => hub.closeSession(tokenHash));
  app.addHook('onClose', async () => stopWatching());
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/events',
    {
      config: { documentedResponses: EVENT_STREAM_RESPONSES },
      schema: {
        tags,
        summary:
          'salon_reservation_event の Server-Sent Events ストリーム（RT-01）。Last-Event-ID（または ?last_event_id=）で直近10分を再送、20秒ごとにハートビート',
        params: salonEventsParamsSchema,
        querystring: z.object({ last_event_id: z.string().max(20).optional() }),
        response: { 404: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const salon = salonOf(request);
      const token = request.cookies[SESSION_COOKIE] ?? '';
      let lastSent = lastEventId(request.headers['last-event-id'], request.query.last_event_id);
      // Counted and registered in one synchronous step, so a burst of opens cannot overshoot;
      // the real closer is set below, before anything can call it.
      let close = () => {};
      const untrack = hub.track(hashSessionToken(token), () => close());
      if (!untrack) throw new TooManyRequestsError(REALTIME_MESSAGES.tooManyStreams);

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
      const stillAllowed = mayStayOpen(sessions, salons, token, salon.id, request.log);
      const heartbeat = setInterval(() => {
        raw.write(': ping\n\n');
        void stillAllowed().then((allowed) => allowed || close());
      }, REALTIME_HEARTBEAT_SECONDS * 1000);
      let closed = false;
      close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        untrack();
        raw.end();
      };
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
