import {
  errorBodySchema,
  eventBookingItemParamsSchema,
  eventBookingParamsSchema,
  eventBookingSlotParamsSchema,
  eventMemberBookingInputSchema,
  eventMemberBookingResultSchema,
  eventWaitlistAcceptResultSchema,
  eventWaitlistJoinInputSchema,
  eventWaitlistJoinResultSchema,
  myEventBookingsSchema,
  myEventCancelResultSchema,
  statusTrueSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberAccess } from '../../plugins/access.js';
import { MEMBER_COOKIE, type MemberSessions } from '../member-booking/index.js';
import type { EventMemberService } from './member-service.js';

/**
 * The signed-in friend's part of `/api/event_booking/{publicKey}`: booking, my bookings and
 * cancel, and the waitlist.
 */
export function registerMemberBookingRoutes(
  app: FastifyInstance,
  options: { sessions: MemberSessions; members: EventMemberService; tags: string[] },
) {
  const { sessions, members, tags } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const memberErrors = {
    401: errorBodySchema,
    404: errorBodySchema,
    409: errorBodySchema,
    422: validationErrorBodySchema,
  };

  /** The friend signed in on the event's account (401 without a live session). */
  async function who(request: FastifyRequest) {
    const { publicKey } = request.params as { publicKey: string };
    const event = await members.eventOfKey(publicKey);
    const member = await sessions.authenticate(request.cookies[MEMBER_COOKIE], event.accountId);
    return { publicKey, memberId: member.memberId };
  }

  routes.post(
    '/:publicKey/slots/:slotId/reservations',
    {
      config: { access: memberAccess },
      schema: {
        tags,
        summary:
          '予約する（質問への回答 answers は友だち情報に保存）。満席・予約済みは 409 と日程を示す日本語のメッセージ',
        params: eventBookingSlotParamsSchema,
        body: eventMemberBookingInputSchema,
        response: { 201: eventMemberBookingResultSchema, ...memberErrors },
      },
    },
    async (request, reply) => {
      const { publicKey, memberId } = await who(request);
      return reply
        .code(201)
        .send(await members.book(publicKey, request.params.slotId, memberId, request.body.answers));
    },
  );

  routes.get(
    '/:publicKey/my',
    {
      config: { access: memberAccess },
      schema: {
        tags,
        summary: '自分の予約（場所・オンラインURL・受付用QRコード）とキャンセル待ち',
        params: eventBookingParamsSchema,
        response: { 200: myEventBookingsSchema, ...memberErrors },
      },
    },
    async (request) => {
      const { publicKey, memberId } = await who(request);
      return members.my(publicKey, memberId);
    },
  );

  routes.post(
    '/:publicKey/my/reservations/:id/cancel',
    {
      config: { access: memberAccess },
      schema: {
        tags,
        summary: '予約をキャンセル（キャンセル期限まで。空いた席はキャンセル待ちの先頭の方へ案内）',
        params: eventBookingItemParamsSchema,
        response: { 200: myEventCancelResultSchema, ...memberErrors },
      },
    },
    async (request) => {
      const { publicKey, memberId } = await who(request);
      return members.cancel(publicKey, request.params.id, memberId);
    },
  );

  routes.post(
    '/:publicKey/slots/:slotId/waitlist',
    {
      config: { access: memberAccess },
      schema: {
        tags,
        summary: '満席の日程のキャンセル待ちに登録（登録順に繰り上げを案内）',
        params: eventBookingSlotParamsSchema,
        body: eventWaitlistJoinInputSchema,
        response: { 201: eventWaitlistJoinResultSchema, ...memberErrors },
      },
    },
    async (request, reply) => {
      const { publicKey, memberId } = await who(request);
      return reply
        .code(201)
        .send(
          await members.joinWaitlist(
            publicKey,
            request.params.slotId,
            memberId,
            request.body.answers,
          ),
        );
    },
  );

  routes.post(
    '/:publicKey/my/waitlist/:id/accept',
    {
      config: { access: memberAccess },
      schema: {
        tags,
        summary: '繰り上げの案内を受けて予約を確定（回答期限まで）',
        params: eventBookingItemParamsSchema,
        response: { 201: eventWaitlistAcceptResultSchema, ...memberErrors },
      },
    },
    async (request, reply) => {
      const { publicKey, memberId } = await who(request);
      return reply.code(201).send(await members.accept(publicKey, request.params.id, memberId));
    },
  );

  routes.delete(
    '/:publicKey/my/waitlist/:id',
    {
      config: { access: memberAccess },
      schema: {
        tags,
        summary: 'キャンセル待ちをやめる（繰り上げの案内を辞退すると次の方へ）',
        params: eventBookingItemParamsSchema,
        response: { 200: statusTrueSchema, ...memberErrors },
      },
    },
    async (request) => {
      const { publicKey, memberId } = await who(request);
      return members.leave(publicKey, request.params.id, memberId);
    },
  );
}
