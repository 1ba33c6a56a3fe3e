import {
  customerCardSchema,
  customerQuerySchema,
  pendingListSchema,
  reservationListSchema,
  reservationSearchQuerySchema,
  salonParamsSchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PublishEvents, RecordEvents } from '../realtime/index.js';
import { readErrors, salonOf, writeErrors } from '../salons/index.js';
import { createDeskService } from './desk.js';
import { createReservationCore } from './service.js';

/** The front desk (issue 26), inside the salon plugin (`/api/salon/:salonId`). */
export async function deskRoutes(
  app: FastifyInstance,
  options: { publish: PublishEvents; record?: RecordEvents },
) {
  const desk = createDeskService({
    db: app.db,
    core: createReservationCore({ db: app.db, publish: options.publish, record: options.record }),
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['salon: front desk'];

  routes.get(
    '/desk/pending',
    {
      schema: {
        tags,
        summary:
          '要対応: すべての日の予約リクエスト・変更リクエスト・キャンセルリクエスト（古い順、200件まで）と総数',
        params: salonParamsSchema,
        response: { 200: pendingListSchema, ...readErrors },
      },
    },
    async (request) => desk.pending(salonOf(request).id),
  );

  routes.get(
    '/desk/search',
    {
      schema: {
        tags,
        summary: '予約の検索: q を名前・フリガナ・電話番号に含む予約（新しい順、50件まで）',
        params: salonParamsSchema,
        querystring: reservationSearchQuerySchema,
        response: { 200: reservationListSchema, ...readErrors, 422: writeErrors[422] },
      },
    },
    async (request) => desk.search(salonOf(request).id, request.query.q),
  );

  routes.get(
    '/desk/customer',
    {
      schema: {
        tags,
        summary:
          'お客様カルテ: member_id（友だち）か phone（電話番号）で、連絡先・来店履歴・コース・担当・メモ・無断キャンセル',
        params: salonParamsSchema,
        querystring: customerQuerySchema,
        response: { 200: customerCardSchema, ...readErrors, 422: writeErrors[422] },
      },
    },
    async (request) => desk.customer(salonOf(request), request.query),
  );
}
