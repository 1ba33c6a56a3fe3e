import {
  actionSetInputSchema,
  actionSetListSchema,
  actionSetParamsSchema,
  actionSetSchema,
  errorBodySchema,
  followSettingsInputSchema,
  followSettingsSchema,
  okResponseSchema,
  operatorNoticeListSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { needs } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import type { ActionsService } from './service.js';

/** Action sets and the follow settings are message content: `template-write` (decision 0250). */
const write = { access: needs('template-write') };
const denied = { 403: errorBodySchema, 404: errorBodySchema, 422: validationErrorBodySchema };

/** `/api/line/action_sets`, `/api/line/follow_settings`, `/api/operator_notices` (not LINE's: any operator's). */
export async function actionsRoutes(app: FastifyInstance, options: { service: ActionsService }) {
  const { service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['actions'];
  const account = (request: FastifyRequest) => authOf(request).accountId;

  routes.get(
    '/line/action_sets',
    {
      config: write,
      schema: {
        tags,
        summary: 'アクションセット一覧（署名つきポストバックデータ）',
        response: { 200: actionSetListSchema, 403: errorBodySchema },
      },
    },
    async (request) => ({ action_sets: await service.list(account(request)) }),
  );
  routes.post(
    '/line/action_sets',
    {
      config: write,
      schema: {
        tags,
        summary: 'アクションセット作成',
        body: actionSetInputSchema,
        response: { 201: actionSetSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(account(request), request.body)),
  );
  routes.get(
    '/line/action_sets/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'アクションセット',
        params: actionSetParamsSchema,
        response: { 200: actionSetSchema, ...denied },
      },
    },
    async (request) => service.get(account(request), request.params.id),
  );
  routes.put(
    '/line/action_sets/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'アクションセット更新',
        params: actionSetParamsSchema,
        body: actionSetInputSchema,
        response: { 200: actionSetSchema, ...denied },
      },
    },
    async (request) => service.update(account(request), request.params.id, request.body),
  );
  routes.delete(
    '/line/action_sets/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'アクションセット削除',
        params: actionSetParamsSchema,
        response: { 200: okResponseSchema, ...denied },
      },
    },
    async (request) => {
      await service.remove(account(request), request.params.id);
      return { status: true as const };
    },
  );

  routes.get(
    '/line/follow_settings',
    {
      config: write,
      schema: {
        tags,
        summary: '友だち追加時の設定（ROUTE-04: あいさつ、ブロック解除時、アクション）',
        response: { 200: followSettingsSchema, 403: errorBodySchema },
      },
    },
    async (request) => service.followSettings(account(request)),
  );
  routes.put(
    '/line/follow_settings',
    {
      config: write,
      schema: {
        tags,
        summary: '友だち追加時の設定を保存',
        body: followSettingsInputSchema,
        response: { 200: followSettingsSchema, ...denied },
      },
    },
    async (request) => service.saveFollowSettings(account(request), request.body),
  );

  routes.get(
    '/operator_notices',
    {
      schema: {
        tags,
        summary: 'スタッフへの通知（アクション「スタッフに通知する」、新しい順）',
        response: { 200: operatorNoticeListSchema },
      },
    },
    async (request) => ({ notices: await service.notices(account(request)) }),
  );
}
