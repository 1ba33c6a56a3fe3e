import {
  RESERVATION_STATUSES,
  courseSchema,
  errorBodySchema,
  memberPageSchema,
  memberSearchQuerySchema,
  referenceQuerySchema,
  resourceSchema,
  salonListSchema,
  salonStatusListSchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/auth.js';
import type { CatalogService } from '../salon-catalog/service.js';
import type { SalonService } from './service.js';

/**
 * Account-level calls: the salons of the account, member search, and the reference lists of
 * REF-02..04 (the salon is `?salon_id=` or the account's first salon — decision 0007).
 */
export async function salonRoutes(
  app: FastifyInstance,
  options: { salons: SalonService; catalog: CatalogService },
) {
  const { salons, catalog } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/salons',
    {
      schema: {
        tags: ['salons'],
        summary: 'このアカウントのサロン一覧',
        response: { 200: salonListSchema },
      },
    },
    async (request) => salons.list(authOf(request).accountId),
  );

  routes.get(
    '/api/members',
    {
      schema: {
        tags: ['members'],
        summary: '友だち（会員）の検索: 表示名・LINEユーザーIDの部分一致、20件ずつ',
        querystring: memberSearchQuerySchema,
        response: { 200: memberPageSchema },
      },
    },
    async (request) =>
      salons.searchMembers(authOf(request).accountId, request.query.q, request.query.page),
  );

  const referenceTags = ['reference data'];

  routes.get(
    '/api/salon/resources',
    {
      schema: {
        tags: referenceTags,
        summary: 'リソース一覧（REF-02）: salon_id 省略時はアカウントの最初のサロン',
        querystring: referenceQuerySchema,
        response: { 200: z.array(resourceSchema), 404: errorBodySchema },
      },
    },
    async (request) => {
      const salon = await salons.forReference(authOf(request).accountId, request.query.salon_id);
      return salon ? catalog.listResources(salon.id) : [];
    },
  );

  routes.get(
    '/api/salon/courses',
    {
      schema: {
        tags: referenceTags,
        summary: 'コース一覧（REF-03）: salon_id 省略時はアカウントの最初のサロン',
        querystring: referenceQuerySchema,
        response: { 200: z.array(courseSchema), 404: errorBodySchema },
      },
    },
    async (request) => {
      const salon = await salons.forReference(authOf(request).accountId, request.query.salon_id);
      return salon ? catalog.listCourses(salon.id) : [];
    },
  );

  routes.get(
    '/api/salon/statuses',
    {
      schema: {
        tags: referenceTags,
        summary: '予約ステータス一覧（REF-04）: すべてのサロンで共通',
        response: { 200: salonStatusListSchema },
      },
    },
    async () => RESERVATION_STATUSES.map((status) => ({ ...status })),
  );
}
