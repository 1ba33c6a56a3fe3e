import {
  createdIdSchema,
  errorBodySchema,
  linePushResultSchema,
  notificationEstimateInputSchema,
  notificationEstimateSchema,
  notificationIdParamsSchema,
  notificationInputSchema,
  notificationInsightSchema,
  notificationListSchema,
  notificationSchema,
  notificationSendInputSchema,
  notificationTestSendInputSchema,
  okResponseSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { needs } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import type { NotificationsService } from './service.js';

const write = { access: needs('notification-write') };
const denied = { 403: errorBodySchema, 404: errorBodySchema, 422: validationErrorBodySchema };

/**
 * お知らせ under `/api/line/notifications` (issue 24, decision 0220). Any operator of the account
 * reads them (and the live estimate); writes, sending and テスト送信 need `notification-write`.
 */
export async function notificationRoutes(
  app: FastifyInstance,
  options: { notifications: NotificationsService },
) {
  const { notifications: service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  const account = (request: FastifyRequest) => authOf(request).accountId;
  const params = notificationIdParamsSchema;

  routes.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: 'お知らせの一覧（新しい順、状態・送信先・送信数と失敗数つき）',
        response: { 200: notificationListSchema },
      },
    },
    async (request) => service.list(account(request)),
  );

  routes.post(
    '/notifications',
    {
      config: write,
      schema: {
        tags,
        summary: 'お知らせの登録（下書き）',
        body: notificationInputSchema,
        response: { 201: createdIdSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ id: await service.create(account(request), request.body) }),
  );

  routes.post(
    '/notifications/estimate',
    {
      schema: {
        tags,
        summary:
          '送信先の人数・送信方法（一斉送信か個別送信か）・所要時間の目安と今月の送信上限（作成画面の表示）',
        body: notificationEstimateInputSchema,
        response: { 200: notificationEstimateSchema, ...denied },
      },
    },
    async (request) =>
      service.estimate(account(request), request.body.content, request.body.audience),
  );

  routes.post(
    '/notifications/test_send',
    {
      config: write,
      schema: {
        tags,
        summary: 'お知らせの内容を友だち一人にテスト送信（その友だちの値で差し込み）',
        body: notificationTestSendInputSchema,
        response: { 202: z.object({ push_id: z.number().int() }), ...denied },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await service.testSend(account(request), request.body.content, request.body.friend_id),
        ),
  );

  routes.get(
    '/notifications/test_sends/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'テスト送信の結果（送信待ち・送信済み・失敗と LINE の理由）',
        params,
        response: { 200: linePushResultSchema, ...denied },
      },
    },
    async (request) => service.testSendResult(account(request), request.params.id),
  );

  routes.get(
    '/notifications/:id',
    {
      schema: {
        tags,
        summary: 'お知らせ一件（内容・送信先・状態・送信結果）',
        params,
        response: { 200: notificationSchema, 404: errorBodySchema },
      },
    },
    async (request) => service.get(account(request), request.params.id),
  );

  routes.put(
    '/notifications/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'お知らせの更新（下書きか予約のみ。予約は下書きに戻る）',
        params,
        body: notificationInputSchema,
        response: { 200: notificationSchema, 409: errorBodySchema, ...denied },
      },
    },
    async (request) => service.update(account(request), request.params.id, request.body),
  );

  routes.delete(
    '/notifications/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'お知らせの削除（下書きか予約のみ）',
        params,
        response: { 200: okResponseSchema, 409: errorBodySchema, ...denied },
      },
    },
    async (request) => {
      await service.remove(account(request), request.params.id);
      return { status: true as const };
    },
  );

  routes.post(
    '/notifications/:id/send',
    {
      config: write,
      schema: {
        tags,
        summary: '配信（配信日時が先なら予約、なければ今すぐ）',
        description:
          '配信前に LINE の今月の送信上限（GET /v2/bot/message/quota, /consumption）を確認します。上限を超える配信は confirm_over_quota: true がなければ 409 です。',
        params,
        body: notificationSendInputSchema,
        response: { 200: notificationSchema, 409: errorBodySchema, ...denied },
      },
    },
    async (request) =>
      service.send(account(request), request.params.id, request.body.confirm_over_quota),
  );

  routes.post(
    '/notifications/:id/cancel',
    {
      config: write,
      schema: {
        tags,
        summary: '予約の取り消し（下書きに戻る）',
        params,
        response: { 200: notificationSchema, 409: errorBodySchema, ...denied },
      },
    },
    async (request) => service.cancel(account(request), request.params.id),
  );

  routes.get(
    '/notifications/:id/insight',
    {
      schema: {
        tags,
        summary:
          'LINE の配信統計（GET /v2/bot/insight/message/event、一斉送信のリクエストごとの合計）',
        params,
        response: { 200: notificationInsightSchema, 404: errorBodySchema },
      },
    },
    async (request) => service.insight(account(request), request.params.id),
  );
}
