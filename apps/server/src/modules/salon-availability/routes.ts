import {
  availabilityQuerySchema,
  availabilitySchema,
  bookingPageSchema,
  bookingParamsSchema,
  bookingSlotsQuerySchema,
  bookingSlotsSchema,
  errorBodySchema,
  salonParamsSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicAccess } from '../../plugins/access.js';
import { readErrors, salonOf } from '../salons/index.js';
import { createAvailabilityService } from './service.js';

const tags = ['salon: availability'];
const slotsSummary =
  'course_id（必須）・resource_id（省略で指名なし）・from/to（YYYY-MM-DD、62日以内）';

/**
 * The customer booking page's reads (`/api/booking/{publicKey}`, decision 0102): no operator
 * session, no account — the key of the salon's public URL (`/r/{publicKey}`) is the scope.
 */
export async function bookingRoutes(app: FastifyInstance) {
  const service = createAvailabilityService({ db: app.db });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 404: errorBodySchema };

  routes.get(
    '/:publicKey',
    {
      config: { access: publicAccess },
      schema: {
        tags,
        summary:
          '予約ページの表示内容（ログイン不要）: サロン名・店舗情報・顧客情報の質問・オンライン予約できるコースと担当者。オンライン予約が無効なら 404',
        security: [],
        params: bookingParamsSchema,
        response: { 200: bookingPageSchema, ...errors },
      },
    },
    async (request) => service.bookingPage(request.params.publicKey),
  );

  routes.get(
    '/:publicKey/slots',
    {
      config: { access: publicAccess },
      schema: {
        tags,
        summary: `空き枠（ログイン不要）: ${slotsSummary}。日ごとの空いている開始時刻だけを返す`,
        security: [],
        params: bookingParamsSchema,
        querystring: bookingSlotsQuerySchema,
        response: { 200: bookingSlotsSchema, ...errors, 422: validationErrorBodySchema },
      },
    },
    async (request) => service.bookingSlots(request.params.publicKey, request.query),
  );
}

/** The console's view of the same engine, inside the salon plugin (`/api/salon/:salonId`). */
export async function availabilityRoutes(app: FastifyInstance) {
  const service = createAvailabilityService({ db: app.db });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/availability',
    {
      schema: {
        tags,
        summary: `空き枠と予約できない理由（reasons=1）: ${slotsSummary}`,
        params: salonParamsSchema,
        querystring: availabilityQuerySchema,
        response: { 200: availabilitySchema, ...readErrors, 422: validationErrorBodySchema },
      },
    },
    async (request) => service.consoleAvailability(salonOf(request).id, request.query),
  );
}
