import {
  errorBodySchema,
  idParam,
  landingChoicesSchema,
  landingPageInputSchema,
  landingPageListSchema,
  landingPageSchema,
  okResponseSchema,
  siteInputSchema,
  siteListSchema,
  sitePageInputSchema,
  sitePageSchema,
  siteSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { needs } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import { originsOf } from './public-routes.js';
import type { LandingPages } from './service.js';
import type { Sites } from './sites-service.js';

const idParams = z.object({ id: idParam });
const errors = { 403: errorBodySchema, 404: errorBodySchema, 422: validationErrorBodySchema };

/** Landing pages (`landing-write`) and shop sites (`site-write`), under `/api/line`. */
export async function landingPageRoutes(
  app: FastifyInstance,
  options: { landing: LandingPages; sites: Sites },
) {
  const { landing, sites } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const lp = { tags: ['landing-pages'] };
  const write = { config: { access: needs('landing-write') } };
  const pagesOrigin = (request: Parameters<typeof originsOf>[1]) => originsOf(app, request).pages;

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

  const st = { tags: ['sites'] };
  const siteWrite = { config: { access: needs('site-write') } };
  routes.get(
    '/sites',
    {
      ...siteWrite,
      schema: {
        ...st,
        summary: 'サイトの一覧',
        response: { 200: siteListSchema, 403: errorBodySchema },
      },
    },
    async (request) => ({
      sites: await sites.list(authOf(request).accountId, pagesOrigin(request)),
    }),
  );
  routes.post(
    '/sites',
    {
      ...siteWrite,
      schema: {
        ...st,
        summary: 'サイトの作成（メニュー・スタッフ・営業時間はサロンから表示時に読みます）',
        body: siteInputSchema,
        response: { 201: siteSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await sites.create(authOf(request).accountId, request.body, pagesOrigin(request))),
  );
  routes.put(
    '/sites/:id',
    {
      ...siteWrite,
      schema: {
        ...st,
        summary: 'サイトの変更',
        params: idParams,
        body: siteInputSchema,
        response: { 200: siteSchema, ...errors },
      },
    },
    async (request) =>
      sites.update(
        authOf(request).accountId,
        request.params.id,
        request.body,
        pagesOrigin(request),
      ),
  );
  routes.delete(
    '/sites/:id',
    {
      ...siteWrite,
      schema: {
        ...st,
        summary: 'サイトの削除',
        params: idParams,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await sites.remove(authOf(request).accountId, request.params.id);
      return { status: true as const };
    },
  );
  routes.post(
    '/sites/:id/pages',
    {
      ...siteWrite,
      schema: {
        ...st,
        summary: 'HTML ページの作成（保存時に無害化）',
        params: idParams,
        body: sitePageInputSchema,
        response: { 201: sitePageSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await sites.createPage(
            authOf(request).accountId,
            request.params.id,
            request.body,
            pagesOrigin(request),
          ),
        ),
  );
  routes.get(
    '/site_pages/:id',
    {
      ...siteWrite,
      schema: {
        ...st,
        summary: 'HTML ページ（無害化済み）',
        params: idParams,
        response: { 200: sitePageSchema, ...errors },
      },
    },
    async (request) =>
      sites.getPage(authOf(request).accountId, request.params.id, pagesOrigin(request)),
  );
  routes.put(
    '/site_pages/:id',
    {
      ...siteWrite,
      schema: {
        ...st,
        summary: 'HTML ページの保存（script・イベント属性・javascript: などを取り除きます）',
        params: idParams,
        body: sitePageInputSchema,
        response: { 200: sitePageSchema, ...errors },
      },
    },
    async (request) =>
      sites.updatePage(
        authOf(request).accountId,
        request.params.id,
        request.body,
        pagesOrigin(request),
      ),
  );
  routes.delete(
    '/site_pages/:id',
    {
      ...siteWrite,
      schema: {
        ...st,
        summary: 'HTML ページの削除',
        params: idParams,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await sites.removePage(authOf(request).accountId, request.params.id);
      return { status: true as const };
    },
  );
}
