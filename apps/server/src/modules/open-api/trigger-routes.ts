import {
  errorBodySchema,
  okResponseSchema,
  triggerActionInputSchema,
  triggerActionParamsSchema,
  triggerActionSchema,
  triggerActionsParamsSchema,
  triggerIdParamsSchema,
  triggerInputSchema,
  triggerSchema,
  triggerStateInputSchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { needs } from '../../plugins/access.js';
import { account, denied, tags } from './route-parts.js';
import type { TriggersService } from './triggers-service.js';

/** Decision 0170: triggers start journeys, so they are written with `funnel-write` like them. */
const write = { access: needs('funnel-write') };
const done = { status: true as const };

/** Triggers and their actions (spec §7 Triggers, TRG-03..10). */
export function registerTriggerRoutes(app: FastifyInstance, triggers: TriggersService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

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
}
