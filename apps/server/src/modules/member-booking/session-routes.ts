import {
  bookingParamsSchema,
  errorBodySchema,
  memberIdentitySchema,
  memberSessionInputSchema,
  memberSessionSchema,
  statusTrueSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicAccess } from '../../plugins/access.js';
import { clearMemberCookie, setMemberCookie } from '../member-identity/index.js';
import { MEMBER_COOKIE, MEMBER_COOKIE_PATH, type MemberSessions } from './sessions.js';

const tags = ['booking: member'];

/**
 * The member session of the booking page (decision 0115): signed in from a LIFF ID token (or
 * as the demo member), read, and ended; its cookie lives under `/api/booking` only.
 */
export async function memberSessionRoutes(
  app: FastifyInstance,
  options: { sessions: MemberSessions },
) {
  const { sessions } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/:publicKey/session',
    {
      config: { access: publicAccess },
      schema: {
        tags,
        summary:
          '会員ログイン: LIFF の IDトークン（id_token）を LINE で検証し、会員を探すか作って会員セッションの Cookie を発行（新しい会員は友だち追加のイベントまで「未友だち」。LIFF のアクセストークン access_token があれば LINE に友だちかを問い合わせ、LINEログインチャネルの設定の誤りを LINE連携に表示）。LINEログイン未設定のデモ環境では { demo: true } でデモ会員',
        security: [],
        params: bookingParamsSchema,
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
      const { token, session } = await sessions.signIn(
        request.params.publicKey,
        request.body,
        request.ip,
      );
      setMemberCookie(reply, MEMBER_COOKIE_PATH, token);
      return session;
    },
  );

  routes.get(
    '/:publicKey/session',
    {
      config: { access: publicAccess },
      schema: {
        tags,
        summary:
          '会員ログインの状態: 有効な会員セッション（なければ null）、LIFF ID、デモ会員を使えるか',
        security: [],
        params: bookingParamsSchema,
        response: { 200: memberIdentitySchema, 404: errorBodySchema },
      },
    },
    async (request) => sessions.identity(request.params.publicKey, request.cookies[MEMBER_COOKIE]),
  );

  routes.delete(
    '/:publicKey/session',
    {
      config: { access: publicAccess },
      schema: {
        tags,
        summary: '会員ログアウト（会員セッションを終了）',
        security: [],
        params: bookingParamsSchema,
        response: { 200: statusTrueSchema },
      },
    },
    async (request, reply) => {
      await sessions.signOut(request.cookies[MEMBER_COOKIE]);
      clearMemberCookie(reply, MEMBER_COOKIE_PATH);
      return { status: true as const };
    },
  );
}
