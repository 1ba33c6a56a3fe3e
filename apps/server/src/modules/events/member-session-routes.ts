import {
  errorBodySchema,
  eventBookingParamsSchema,
  memberIdentitySchema,
  memberSessionInputSchema,
  memberSessionSchema,
  publicEventSchema,
  statusTrueSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicAccess } from '../../plugins/access.js';
import { MEMBER_COOKIE, type MemberSessions } from '../member-booking/index.js';
import { clearMemberCookie, setMemberCookie } from '../member-identity/index.js';
import type { EventMemberService } from './member-service.js';

/** The member cookie of event pages: the booking page's session, sent to this API only. */
export const EVENT_MEMBER_COOKIE_PATH = '/api/event_booking';

/**
 * The signed-out part of `/api/event_booking/{publicKey}`: the event page itself and the member
 * session (sign in with LIFF's ID token, who is signed in, sign out).
 */
export function registerMemberSessionRoutes(
  app: FastifyInstance,
  options: { sessions: MemberSessions; members: EventMemberService; tags: string[] },
) {
  const { sessions, members, tags } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();

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
      setMemberCookie(reply, EVENT_MEMBER_COOKIE_PATH, token);
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
      clearMemberCookie(reply, EVENT_MEMBER_COOKIE_PATH);
      return { status: true as const };
    },
  );
}
