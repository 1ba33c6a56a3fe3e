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
  memberIdentitySchema,
  memberSessionInputSchema,
  memberSessionSchema,
  myEventBookingsSchema,
  myEventCancelResultSchema,
  publicEventSchema,
  statusTrueSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberAccess, publicAccess } from '../../plugins/access.js';
import { MEMBER_COOKIE, MEMBER_SESSION_MS, type MemberSessions } from '../member-booking/index.js';
import type { EventMemberService } from './member-service.js';

/** The member cookie of event pages: the booking page's session, sent to this API only. */
export const EVENT_MEMBER_COOKIE_PATH = '/api/event_booking';
const cookieOptions = {
  path: EVENT_MEMBER_COOKIE_PATH,
  httpOnly: true,
  sameSite: 'lax',
  secure: 'auto',
} as const;

/**
 * `/api/event_booking/{publicKey}`: the friend's event page (issue 27, decision 0310). The
 * member session is the booking page's (module member-booking: a LIFF ID token verified with
 * the account's LINE Login channel), its cookie scoped to this API.
 */
export async function eventMemberRoutes(
  app: FastifyInstance,
  options: { sessions: MemberSessions; members: EventMemberService },
) {
  const { sessions, members } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['events: member'];
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

  routes.get(
    '/:publicKey',
    {
      config: { access: publicAccess },
      schema: {
        tags,
        summary: 'イベントの案内と日程（残席・満席・残りわずか）。ログイン不要。下書きは 404',
        security: [],
        params: eventBookingParamsSchema,
        response: { 200: publicEventSchema, 404: errorBodySchema },
      },
    },
    async (request) => members.publicEvent(request.params.publicKey),
  );

  routes.post(
    '/:publicKey/session',
    {
      config: { access: publicAccess },
      schema: {
        tags,
        summary:
          '会員ログイン: LIFF の IDトークン（id_token）をイベントのアカウントの LINEログインチャネルで検証し、会員セッションの Cookie を発行（予約ページと同じ）',
        security: [],
        params: eventBookingParamsSchema,
        body: memberSessionInputSchema,
        response: {
          200: memberSessionSchema,
          401: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          422: validationErrorBodySchema,
          429: errorBodySchema,
          502: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const event = await members.eventOfKey(request.params.publicKey);
      const { token, session } = await sessions.signInToAccount(
        event.accountId,
        request.body,
        request.ip,
      );
      reply.setCookie(MEMBER_COOKIE, token, {
        ...cookieOptions,
        maxAge: Math.floor(MEMBER_SESSION_MS / 1000),
      });
      return session;
    },
  );

  routes.get(
    '/:publicKey/session',
    {
      config: { access: publicAccess },
      schema: {
        tags,
        summary: '会員ログインの状態（会員セッション、LIFF ID、デモ会員を使えるか）',
        security: [],
        params: eventBookingParamsSchema,
        response: { 200: memberIdentitySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const event = await members.eventOfKey(request.params.publicKey);
      return sessions.identityOfAccount(event.accountId, request.cookies[MEMBER_COOKIE]);
    },
  );

  routes.delete(
    '/:publicKey/session',
    {
      config: { access: publicAccess },
      schema: {
        tags,
        summary: '会員ログアウト',
        security: [],
        params: eventBookingParamsSchema,
        response: { 200: statusTrueSchema },
      },
    },
    async (request, reply) => {
      await sessions.signOut(request.cookies[MEMBER_COOKIE]);
      reply.clearCookie(MEMBER_COOKIE, cookieOptions);
      return { status: true as const };
    },
  );

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
