import {
  ACCOUNT_EVENT,
  REALTIME_HEARTBEAT_SECONDS,
  REALTIME_MESSAGES,
  REALTIME_STREAMS_PER_SESSION,
  errorBodySchema,
  type AccountEvent,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TooManyRequestsError } from '../../lib/errors.js';
import { SESSION_COOKIE, authOf, hashSessionToken } from '../auth/index.js';
import type { AccountEvents } from './account-events.js';
import { EVENT_STREAM_RESPONSES } from '../../plugins/openapi-responses.js';

/**
 * `GET /api/line/events`: the one Server-Sent Events stream of the operator's account (decisions
 * 0241, 0236) — board moves, chat changes, and the other kinds features add. Any signed-in operator of the account
 * may open it; each heartbeat asks whether the session still lives, and a session that ends in
 * this process ends its streams at once. No replay: after a reconnect the screen reads again.
 */
export async function accountStreamRoutes(
  app: FastifyInstance,
  options: { events: AccountEvents },
) {
  const { events } = options;
  const { sessions } = app;
  const open = new Map<string, Set<() => void>>();
  const stopWatching = sessions.onSessionEnded((tokenHash) => {
    for (const close of [...(open.get(tokenHash) ?? [])]) close();
  });
  app.addHook('onClose', async () => stopWatching());
  app.addHook('preClose', async () => {
    for (const set of [...open.values()]) for (const close of [...set]) close();
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/events',
    {
      config: { documentedResponses: EVENT_STREAM_RESPONSES },
      schema: {
        tags: ['realtime'],
        summary:
          'アカウントのイベント（account_event）の Server-Sent Events ストリーム。kind=board はボードの変更、kind=chat はチャットの変化（メッセージの受信・送信・取り消し、メディア、対応状況、既読）。20秒ごとにハートビート、再送なし（再接続後は画面が読み直す）',
        response: { 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { accountId } = authOf(request);
      const token = request.cookies[SESSION_COOKIE] ?? '';
      const key = hashSessionToken(token);
      const mine = open.get(key) ?? new Set();
      if (mine.size >= REALTIME_STREAMS_PER_SESSION)
        throw new TooManyRequestsError(REALTIME_MESSAGES.tooManyStreams);
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        mine.delete(close);
        if (mine.size === 0 && open.get(key) === mine) open.delete(key);
        raw.end();
      };
      mine.add(close);
      open.set(key, mine);

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.write(`retry: 3000\n\n`);
      const unsubscribe = events.subscribe(accountId, (event: AccountEvent) => {
        raw.write(`id: ${event.id}\nevent: ${ACCOUNT_EVENT}\ndata: ${JSON.stringify(event)}\n\n`);
      });
      let asking = false;
      const heartbeat = setInterval(() => {
        raw.write(': ping\n\n');
        if (asking) return;
        asking = true;
        sessions
          .authenticate(token, { touch: false })
          .then((operator) => {
            if (!operator || operator.accountId !== accountId) close();
          })
          .catch((error: unknown) =>
            request.log.warn({ err: error }, 'account stream check failed'),
          )
          .finally(() => {
            asking = false;
          });
      }, REALTIME_HEARTBEAT_SECONDS * 1000);
      request.raw.on('close', close);
    },
  );
}
