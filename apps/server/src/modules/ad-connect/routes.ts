import {
  AD_PLATFORMS,
  adAuthorizeSchema,
  adCallbackQuerySchema,
  adConnectionSchema,
  adGoogleInputSchema,
  adLineInputSchema,
  adMetaInputSchema,
  adSendLogEntrySchema,
  errorBodySchema,
  okResponseSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownerOnly } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import type { AdConnectService } from './service.js';

/** Decision 0440: credentials of ad accounts are the owner's to write, like the LINE channel's. */
const write = { access: ownerOnly() };
const denied = { 403: errorBodySchema, 404: errorBodySchema, 422: validationErrorBodySchema };

/**
 * Ad-connect under `/api/line/ad_connections` (issue 30, ROUTE-24): every operator of the account
 * reads the connections, their last sends and send log; the owner saves, pauses, resumes,
 * disconnects and authorises Google. One static path per platform (no path ids).
 */
export async function adConnectRoutes(
  app: FastifyInstance,
  options: { service: AdConnectService; publicOrigin: string | undefined },
) {
  const { service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ad_connections'];
  const account = (request: FastifyRequest) => authOf(request).accountId;
  const redirectUri = (request: FastifyRequest) =>
    `${options.publicOrigin ?? `${request.protocol}://${request.host}`}/api/line/ad_connections/google/callback`;

  routes.get(
    '/',
    {
      schema: { tags, summary: '広告連携一覧', response: { 200: z.array(adConnectionSchema) } },
    },
    async (request) => service.list(account(request)),
  );

  routes.put(
    '/line',
    {
      config: write,
      schema: {
        tags,
        summary: 'LINE広告（Conversion API）の接続を保存',
        body: adLineInputSchema,
        response: { 200: adConnectionSchema, ...denied },
      },
    },
    async (request) => service.saveLine(account(request), request.body),
  );

  routes.put(
    '/meta',
    {
      config: write,
      schema: {
        tags,
        summary: 'Meta（Conversions API）の接続を保存',
        body: adMetaInputSchema,
        response: { 200: adConnectionSchema, ...denied },
      },
    },
    async (request) => service.saveMeta(account(request), request.body),
  );

  routes.put(
    '/google',
    {
      config: write,
      schema: {
        tags,
        summary: 'Google 広告の接続を保存（保存後に Google で認可）',
        body: adGoogleInputSchema,
        response: { 200: adConnectionSchema, ...denied },
      },
    },
    async (request) => service.saveGoogle(account(request), request.body),
  );

  routes.post(
    '/google/authorize',
    {
      config: write,
      schema: {
        tags,
        summary: 'Google 広告の認可ページのURL',
        response: { 200: adAuthorizeSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => ({
      url: await service.googleAuthorize(account(request), redirectUri(request)),
    }),
  );

  routes.get(
    '/google/callback',
    {
      config: write,
      schema: {
        tags,
        summary: 'Google の認可からの戻り（広告連携の画面へ戻します）',
        querystring: adCallbackQuerySchema,
        response: { 302: z.null(), 403: errorBodySchema, 422: validationErrorBodySchema },
      },
    },
    async (request, reply) => {
      const ok = await service.googleCallback(
        account(request),
        request.query,
        redirectUri(request),
      );
      return reply.redirect(`/line/ad-connect?google=${ok ? 'connected' : 'failed'}`, 302);
    },
  );

  for (const platform of AD_PLATFORMS) {
    routes.get(
      `/${platform}/log`,
      {
        schema: {
          tags,
          summary: `送信ログ（${platform}、新しい順200件）`,
          response: { 200: z.array(adSendLogEntrySchema) },
        },
      },
      async (request) => service.log(account(request), platform),
    );
    routes.post(
      `/${platform}/pause`,
      {
        config: write,
        schema: {
          tags,
          summary: `送信を停止（${platform}）`,
          response: { 200: adConnectionSchema, 403: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request) => service.setPaused(account(request), platform, true),
    );
    routes.post(
      `/${platform}/resume`,
      {
        config: write,
        schema: {
          tags,
          summary: `送信を再開（${platform}、エラーも解除）`,
          response: { 200: adConnectionSchema, 403: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request) => service.setPaused(account(request), platform, false),
    );
    routes.delete(
      `/${platform}`,
      {
        config: write,
        schema: {
          tags,
          summary: `接続を解除（${platform}、送信待ちとログも消えます）`,
          response: { 200: okResponseSchema, 403: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request) => {
        await service.remove(account(request), platform);
        return { status: true as const };
      },
    );
  }
}
