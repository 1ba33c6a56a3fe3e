import {
  errorBodySchema,
  openApiEventInputSchema,
  openApiEventOutcomeSchema,
  openApiEventSchema,
  TRIGGER_TEXT,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TooManyRequestsError, UnauthenticatedError } from '../../lib/errors.js';
import { fieldError } from '../../lib/validate.js';
import { apiKeyAccess } from '../../plugins/access.js';
import type { EventsService } from './events-service.js';
import { keyOfSecret, spendCall } from './keys.js';
import { account, tags } from './route-parts.js';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{1,100}$/;

/** The open API's events (TRG-11): posted by external systems with a key, read as the call log. */
export function registerEventRoutes(app: FastifyInstance, events: EventsService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const keyOfRequest = new WeakMap<FastifyRequest, { id: number; accountId: number }>();

  routes.get(
    '/events',
    {
      schema: {
        tags,
        summary: '受け取ったイベントの記録（TRG-11、新しい順に100件）',
        response: { 200: z.array(openApiEventSchema) },
      },
    },
    async (request) => events.list(account(request)),
  );

  routes.post(
    '/events',
    {
      config: { access: apiKeyAccess, csrf: false },
      // The key is checked before the body is read: a caller without one learns nothing else.
      onRequest: async (request) => {
        const header = request.headers.authorization;
        const secret = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
        const key = secret ? await keyOfSecret(app.db, secret) : undefined;
        if (!key) throw new UnauthenticatedError(TRIGGER_TEXT.keyInvalid);
        const wait = await spendCall(app.db, key.id, new Date());
        if (wait > 0) throw new TooManyRequestsError(TRIGGER_TEXT.rateLimited, wait);
        keyOfRequest.set(request, key);
      },
      schema: {
        tags,
        summary: '外部システムからのイベント（APIキーで認証、Idempotency-Key で一度だけ）',
        description:
          'Authorization: Bearer {APIキー}。line_user_id か tel で友だちを指定します。' +
          '同じ Idempotency-Key の再送には最初の応答を返し（200）、何も実行しません。',
        body: openApiEventInputSchema,
        response: {
          200: openApiEventOutcomeSchema,
          202: openApiEventOutcomeSchema,
          401: errorBodySchema,
          404: errorBodySchema,
          422: validationErrorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const header = request.headers['idempotency-key'];
      const idempotencyKey = typeof header === 'string' ? header : undefined;
      if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey))
        throw fieldError('Idempotency-Key', TRIGGER_TEXT.idempotencyKeyInvalid);
      const { replayed, outcome } = await events.receive(
        keyOfRequest.get(request)!,
        request.body,
        idempotencyKey,
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(replayed ? 200 : 202).send(outcome);
    },
  );
}
