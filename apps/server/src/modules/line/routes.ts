import {
  errorBodySchema,
  lineChannelInputSchema,
  lineChannelSchema,
  lineQuotaSchema,
  lineWebhookTestSchema,
  okResponseSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ownerOnly } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import type { LineChannelService } from './service.js';

export const LINE_WEBHOOK_PATH = '/api/line/webhook';

const lineErrors = {
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: validationErrorBodySchema,
  502: errorBodySchema,
} as const;

/**
 * The account's LINE official account under `/api/line/channel` (issue 17): owner only, every
 * call (the channel's secrets and its sending are the owner's business).
 */
export async function lineChannelRoutes(
  app: FastifyInstance,
  options: { channels: LineChannelService },
) {
  const { channels } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: ownerOnly() };
  const tags = ['line'];
  const webhookUrlOf = (request: FastifyRequest) =>
    `${app.config.PUBLIC_ORIGIN ?? `${request.protocol}://${request.host}`}${LINE_WEBHOOK_PATH}`;

  routes.get(
    '/channel',
    {
      config,
      schema: {
        tags,
        summary:
          'LINE連携の状態: ボット、Webhook URL、状態、通知メッセージ、LINEログイン・LIFF（秘密の値は返しません）',
        response: { 200: lineChannelSchema, 403: errorBodySchema },
      },
    },
    async (request) => channels.view(authOf(request).accountId, webhookUrlOf(request)),
  );

  routes.put(
    '/channel',
    {
      config,
      schema: {
        tags,
        summary:
          'LINE公式アカウントを連携（保存前に LINE で確認: シークレットは短期トークンの発行、トークンは GET /v2/bot/info）',
        body: lineChannelInputSchema,
        response: { 200: lineChannelSchema, ...lineErrors },
      },
    },
    async (request) =>
      channels.connect(authOf(request).accountId, request.body, webhookUrlOf(request)),
  );

  routes.delete(
    '/channel',
    {
      config,
      schema: {
        tags,
        summary:
          '連携を解除（送信待ちの通知メッセージは理由つきで送信されません。ほかは削除しません）',
        response: { 200: okResponseSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      await channels.disconnect(authOf(request).accountId);
      return { status: true as const };
    },
  );

  routes.post(
    '/channel/check',
    {
      config,
      schema: {
        tags,
        summary: 'LINE にもう一度確認（ボット情報を更新。トークンが有効なら送信を再開）',
        response: { 200: lineChannelSchema, ...lineErrors },
      },
    },
    async (request) => channels.check(authOf(request).accountId, webhookUrlOf(request)),
  );

  routes.post(
    '/channel/webhook',
    {
      config,
      schema: {
        tags,
        summary: 'Webhook URL を LINE に設定し、LINE にテストさせて結果を返す',
        response: { 200: lineWebhookTestSchema, ...lineErrors },
      },
    },
    async (request) => channels.webhook(authOf(request).accountId, webhookUrlOf(request), true),
  );

  routes.post(
    '/channel/webhook/test',
    {
      config,
      schema: {
        tags,
        summary: 'LINE に Webhook URL をテストさせて結果を返す（設定は変えない）',
        response: { 200: lineWebhookTestSchema, ...lineErrors },
      },
    },
    async (request) => channels.webhook(authOf(request).accountId, webhookUrlOf(request), false),
  );

  routes.get(
    '/channel/quota',
    {
      config,
      schema: {
        tags,
        summary: '今月のメッセージ送信数の上限と送信数（GET /v2/bot/message/quota, /consumption）',
        response: { 200: lineQuotaSchema, ...lineErrors },
      },
    },
    async (request) => channels.quota(authOf(request).accountId),
  );
}
