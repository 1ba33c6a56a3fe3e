import {
  bookingParamsSchema,
  createdSchema,
  errorBodySchema,
  memberBookingInputSchema,
  memberBookingResultSchema,
  memberCancelResultSchema,
  memberChangeInputSchema,
  myRequestParamsSchema,
  myReservationParamsSchema,
  myReservationsSchema,
  slotTakenBodySchema,
  statusTrueSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberAccess } from '../../plugins/access.js';
import { createPushQueue } from '../line-push/index.js';
import { createFriendMessageRenderer } from '../message-rendering/index.js';
import { createAfterBooking } from '../online-actions/index.js';
import type { PublishEvents, RecordEvents } from '../realtime/index.js';
import { SlotTakenError, createMemberBookingService } from './service.js';
import { memberSessionRoutes } from './session-routes.js';
import { MEMBER_COOKIE, createMemberSessions } from './sessions.js';

const tags = ['booking: member'];

/**
 * The customer's writes on the booking page (issue 12, decision 0115), beside the public reads
 * under `/api/booking/{publicKey}`: the member session (`session-routes.ts`), then booking, my reservations, change and cancel requests and their withdrawal —
 * each needs the member cookie of the page's account (`access: member`; operators' sessions
 * are not looked at).
 */
export async function memberBookingRoutes(
  app: FastifyInstance,
  options: { publish: PublishEvents; record?: RecordEvents },
) {
  const sessions = createMemberSessions({ db: app.db, config: app.config });
  const afterBooking = createAfterBooking({
    db: app.db,
    publish: options.publish,
    pushes: createPushQueue(),
    log: app.log,
    renderMessage: createFriendMessageRenderer(app.db, app.config.PUBLIC_ORIGIN),
  });
  const booking = createMemberBookingService({
    db: app.db,
    publish: options.publish,
    record: options.record,
    afterBooking,
  });
  await app.register(memberSessionRoutes, { sessions });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const memberErrors = { 401: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema };

  /** The salon of the key and the member signed in on it (401 without a live session). */
  async function who(request: FastifyRequest) {
    const { publicKey } = request.params as { publicKey: string };
    const salon = await sessions.salonOfKey(publicKey);
    const member = await sessions.authenticate(request.cookies[MEMBER_COOKIE], salon.accountId);
    return { salon, member: { ...member, address: request.ip } };
  }

  routes.post(
    '/:publicKey/reservations',
    {
      config: { access: memberAccess },
      schema: {
        tags,
        summary:
          '予約する: コース・担当者（null で指名なし）・日時。空き枠を確かめて、受付方法（accept_mode）に従い予約確定かリクエスト中。埋まっていたら 409 と近い空き枠',
        params: bookingParamsSchema,
        body: memberBookingInputSchema,
        response: {
          200: memberBookingResultSchema,
          ...memberErrors,
          409: slotTakenBodySchema.or(errorBodySchema),
          422: validationErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { salon, member } = await who(request);
      try {
        return await booking.book(salon, member, request.body);
      } catch (error) {
        if (!(error instanceof SlotTakenError)) throw error;
        return reply.code(409).send({ message: error.message, alternatives: error.alternatives });
      }
    },
  );

  routes.get(
    '/:publicKey/my/reservations',
    {
      config: { access: memberAccess },
      schema: {
        tags,
        summary: '自分の予約（これからの予約と過去の予約、保留中の変更・キャンセルのリクエスト）',
        params: bookingParamsSchema,
        response: { 200: myReservationsSchema, ...memberErrors },
      },
    },
    async (request) => {
      const { salon, member } = await who(request);
      return booking.myReservations(salon, member);
    },
  );

  routes.post(
    '/:publicKey/my/reservations/:id/change',
    {
      config: { access: memberAccess },
      schema: {
        tags,
        summary:
          '日時変更のリクエスト（キャンセル期限まで）。新しい枠が埋まっていたら 409 と近い空き枠',
        params: myReservationParamsSchema,
        body: memberChangeInputSchema,
        response: {
          200: createdSchema,
          ...memberErrors,
          409: slotTakenBodySchema.or(errorBodySchema),
          422: validationErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { salon, member } = await who(request);
      try {
        return await booking.requestChange(salon, member, request.params.id, request.body);
      } catch (error) {
        if (!(error instanceof SlotTakenError)) throw error;
        return reply.code(409).send({ message: error.message, alternatives: error.alternatives });
      }
    },
  );

  routes.post(
    '/:publicKey/my/reservations/:id/cancel',
    {
      config: { access: memberAccess },
      schema: {
        tags,
        summary:
          'キャンセル（キャンセル期限まで）: 設定が即時なら予約を取り消して枠を空け、リクエストならお店の承認待ち。期限を過ぎたら 409 と理由',
        params: myReservationParamsSchema,
        response: { 200: memberCancelResultSchema, ...memberErrors, 409: errorBodySchema },
      },
    },
    async (request) => {
      const { salon, member } = await who(request);
      return booking.requestCancel(salon, member, request.params.id);
    },
  );

  routes.delete(
    '/:publicKey/my/reservations/:id/requests/:childId',
    {
      config: { access: memberAccess },
      schema: {
        tags,
        summary: '保留中の変更・キャンセルのリクエストを取り下げる',
        params: myRequestParamsSchema,
        response: {
          200: statusTrueSchema,
          ...memberErrors,
          403: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { salon, member } = await who(request);
      return booking.withdraw(salon, member, request.params.id, request.params.childId);
    },
  );
}
