import {
  errorBodySchema,
  landingChoicesSchema,
  landingPageInputSchema,
  landingPageListSchema,
  landingPageSchema,
  okResponseSchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { needs } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import { errors, idParams, pagesOriginOf } from './route-shared.js';
import type { LandingPages } from './service.js';
import { registerSiteRoutes } from './site-routes.js';
import type { Sites } from './sites-service.js';

/** Landing pages (`landing-write`) and shop sites (`site-write`, site-routes.ts), under `/api/line`. */
export async function landingPageRoutes(
  app: FastifyInstance,
  options: { landing: LandingPages; sites: Sites },
) {
  const { landing, sites } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const lp = { tags: ['landing-pages'] };
  const write = { config: { access: needs('landing-write') } };
  const pagesOrigin = pagesOriginOf(app);

  // Decision 0340: the list (LandingList needs no permission in the route table) is read by every
  // operator; the pages themselves and every write need landing-write.
  routes.get(
    '/landing_pages',
    {
      schema: {
        ...lp,
        summary: 'ランディングページの一覧（表示数・友だち・予約）',
        response: { 200: landingPageListSchema, 403: errorBodySchema },
      },
    },
    async (request) => ({
      pages: await landing.list(authOf(request).accountId, pagesOrigin(request)),
    }),
  );
  routes.get(
    '/landing_pages/choices',
    {
      ...write,
      schema: {
        ...lp,
        summary:
          'ページの部品が選べるもの（画像・フォーム・サロン・流入経路、アカウントのものだけ）',
        response: { 200: landingChoicesSchema, 403: errorBodySchema },
      },
    },
    async (request) => landing.choices(authOf(request).accountId),
  );
  routes.post(
    '/landing_pages',
    {
      ...write,
      schema: {
        ...lp,
        summary: 'ランディングページの作成（下書き）',
        body: landingPageInputSchema,
        response: { 201: landingPageSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await landing.create(authOf(request).accountId, request.body, pagesOrigin(request))),
  );
  routes.get(
    '/landing_pages/:id',
    {
      ...write,
      schema: {
        ...lp,
        summary: 'ランディングページ（下書き）',
        params: idParams,
        response: { 200: landingPageSchema, ...errors },
      },
    },
    async (request) =>
      landing.get(authOf(request).accountId, request.params.id, pagesOrigin(request)),
  );
  routes.put(
    '/landing_pages/:id',
    {
      ...write,
      schema: {
        ...lp,
        summary: '下書き保存（公開中のページは変わりません）',
        params: idParams,
        body: landingPageInputSchema,
        response: { 200: landingPageSchema, ...errors },
      },
    },
    async (request) =>
      landing.update(
        authOf(request).accountId,
        request.params.id,
        request.body,
        pagesOrigin(request),
      ),
  );
  routes.post(
    '/landing_pages/:id/publish',
    {
      ...write,
      schema: {
        ...lp,
        summary: '公開（下書きを公開版にコピー）',
        params: idParams,
        response: { 200: landingPageSchema, ...errors },
      },
    },
    async (request) =>
      landing.publish(authOf(request).accountId, request.params.id, pagesOrigin(request)),
  );
  routes.post(
    '/landing_pages/:id/unpublish',
    {
      ...write,
      schema: {
        ...lp,
        summary: '非公開に戻す',
        params: idParams,
        response: { 200: landingPageSchema, ...errors },
      },
    },
    async (request) =>
      landing.unpublish(authOf(request).accountId, request.params.id, pagesOrigin(request)),
  );
  routes.delete(
    '/landing_pages/:id',
    {
      ...write,
      schema: {
        ...lp,
        summary: 'ランディングページの削除',
        params: idParams,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await landing.remove(authOf(request).accountId, request.params.id);
      return { status: true as const };
    },
  );

  registerSiteRoutes(app, sites);
}
