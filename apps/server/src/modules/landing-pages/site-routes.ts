import {
  errorBodySchema,
  okResponseSchema,
  siteInputSchema,
  siteListSchema,
  sitePageInputSchema,
  sitePageSchema,
  siteSchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { needs } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import { errors, idParams, pagesOriginOf } from './route-shared.js';
import type { Sites } from './sites-service.js';

/** Shop sites and their HTML pages (`site-write`), under `/api/line`. */
export function registerSiteRoutes(app: FastifyInstance, sites: Sites) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const pagesOrigin = pagesOriginOf(app);
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
