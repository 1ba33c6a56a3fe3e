import {
  RESERVATION_STATUSES,
  memberPageSchema,
  memberSearchQuerySchema,
  salonListSchema,
  salonStatusListSchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../auth/index.js';
import { createSalonService } from './service.js';

/**
 * Account-level calls under `/api`: the salons of the account, member search, and the status
 * list of REF-04 (the resource and course lists of REF-02/03 live with their modules).
 */
export async function salonsRoutes(app: FastifyInstance) {
  const salons = createSalonService({ db: app.db });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/salons',
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
    '/members',
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
    '/salon/statuses',
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
