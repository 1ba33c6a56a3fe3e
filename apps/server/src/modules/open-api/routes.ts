import {
  errorBodySchema,
  okResponseSchema,
  openApiEventInputSchema,
  openApiEventOutcomeSchema,
  openApiEventSchema,
  openApiKeyCreatedSchema,
  openApiKeyInputSchema,
  openApiKeySchema,
  TRIGGER_TEXT,
  triggerActionInputSchema,
  triggerActionParamsSchema,
  triggerActionSchema,
  triggerActionsParamsSchema,
  triggerIdParamsSchema,
  triggerInputSchema,
  triggerSchema,
  triggerStateInputSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TooManyRequestsError, UnauthenticatedError } from '../../lib/errors.js';
import { fieldError } from '../../lib/validate.js';
import { apiKeyAccess, needs, ownerOnly } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import type { EventsService } from './events-service.js';
import { keyOfSecret, spendCall, type KeysService } from './keys.js';
import type { TriggersService } from './triggers-service.js';

/** Decision 0170: triggers start journeys, so they are written with `funnel-write` like them. */
const write = { access: needs('funnel-write') };
const denied = { 403: errorBodySchema, 404: errorBodySchema, 422: validationErrorBodySchema };
const done = { status: true as const };
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{1,100}$/;

/** Triggers (spec §7 Triggers, TRG-03..10), API keys and the open API's events (TRG-11). */
export async function openApiRoutes(
  app: FastifyInstance,
  options: { triggers: TriggersService; keys: KeysService; events: EventsService },
) {
  const { triggers, keys, events } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['open_api'];
  const account = (request: FastifyRequest) => authOf(request).accountId;
  const keyOfRequest = new WeakMap<FastifyRequest, { id: number; accountId: number }>();

  routes.get(
    '/triggers',
    {
      schema: {
        tags,
        summary: 'トリガー一覧（TRG-03、アクションつき）',
        response: { 200: z.array(triggerSchema) },
      },
    },
    async (request) => triggers.list(account(request)),
  );

  routes.post(
    '/triggers',
    {
      config: write,
      schema: {
        tags,
        summary: 'トリガー作成（TRG-04、イベント名で待ち受け）',
        body: triggerInputSchema,
        response: { 201: triggerSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await triggers.create(account(request), request.body)),
  );

  routes.put(
    '/triggers/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'トリガー更新（TRG-05）',
        params: triggerIdParamsSchema,
        body: triggerInputSchema,
        response: { 200: triggerSchema, ...denied },
      },
    },
    async (request) => triggers.update(account(request), request.params.id, request.body),
  );

  routes.delete(
    '/triggers/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'トリガー削除（アクションも消える）',
        params: triggerIdParamsSchema,
        response: { 200: okResponseSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      await triggers.remove(account(request), request.params.id);
      return done;
    },
  );

  routes.post(
    '/triggers/:triggerId/trigger_actions',
    {
      config: write,
      schema: {
        tags,
        summary: 'トリガーアクション作成（TRG-06）',
        params: triggerActionsParamsSchema,
        body: triggerActionInputSchema,
        response: { 201: triggerActionSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await triggers.createAction(account(request), request.params.triggerId, request.body),
        ),
  );

  routes.put(
    '/triggers/:triggerId/trigger_actions/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'トリガーアクション更新（TRG-07）',
        params: triggerActionParamsSchema,
        body: triggerActionInputSchema,
        response: { 200: triggerActionSchema, ...denied },
      },
    },
    async (request) =>
      triggers.updateAction(
        account(request),
        request.params.triggerId,
        request.params.id,
        request.body,
      ),
  );

  routes.patch(
    '/triggers/:triggerId/trigger_actions/:id/state',
    {
      config: write,
      schema: {
        tags,
        summary: 'トリガーアクションの有効・無効（TRG-08/09）',
        params: triggerActionParamsSchema,
        body: triggerStateInputSchema,
        response: { 200: triggerActionSchema, ...denied },
      },
    },
    async (request) =>
      triggers.setState(
        account(request),
        request.params.triggerId,
        request.params.id,
        request.body.state,
      ),
  );

  routes.delete(
    '/triggers/:triggerId/trigger_actions/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'トリガーアクション削除（TRG-10）',
        params: triggerActionParamsSchema,
        response: { 200: okResponseSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      await triggers.removeAction(account(request), request.params.triggerId, request.params.id);
      return done;
    },
  );

  // --- API keys (the owner's) ------------------------------------------------------------------

  const owner = { access: ownerOnly() };

  routes.get(
    '/keys',
    {
      config: owner,
      schema: {
        tags,
        summary: 'APIキー一覧（秘密の値は含まない）',
        response: { 200: z.array(openApiKeySchema), 403: errorBodySchema },
      },
    },
    async (request) => keys.list(account(request)),
  );

  routes.post(
    '/keys',
    {
      config: owner,
      schema: {
        tags,
        summary: 'APIキー発行（秘密の値はこの応答でだけ返す）',
        body: openApiKeyInputSchema,
        response: { 201: openApiKeyCreatedSchema, 409: errorBodySchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await keys.create(account(request), request.body.name)),
  );

  routes.delete(
    '/keys/:id',
    {
      config: owner,
      schema: {
        tags,
        summary: 'APIキーを無効にする（記録のために一覧には残る）',
        params: triggerIdParamsSchema,
        response: { 200: openApiKeySchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => keys.revoke(account(request), request.params.id),
  );

  // --- events ----------------------------------------------------------------------------------

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
