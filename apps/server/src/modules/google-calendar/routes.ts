import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  errorBodySchema,
  googleCalendarsSchema,
  googleCallbackQuerySchema,
  googleConnectResponseSchema,
  googleLinkInputSchema,
  googleLinkResponseSchema,
  googleResyncParamsSchema,
  googleResyncResponseSchema,
  googleUnlinkParamsSchema,
  salonParamsSchema,
  statusTrueSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assertAccess, needs } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import { createSalonService, readErrors, salonOf, writeErrors } from '../salons/index.js';
import type { GoogleCalendarService } from './service.js';

export const GOOGLE_CALLBACK_PATH = '/api/google/oauth/callback';
/** Holds the OAuth `state` between the connect call and Google's redirect back (CSRF). */
export const GOOGLE_STATE_COOKIE = 'tsunagu_google_oauth';
/** Where the browser lands after the callback: the settings' Google section (decision 0135). */
export const GOOGLE_RETURN_PATH = '/line/reserve/salon/settings/google';

/** The return address, keeping the salon the operator connected (the section's `?salon=`). */
export function googleReturnUrl(outcome: 'connected' | 'failed', salonId?: number): string {
  const query = new URLSearchParams(salonId ? { salon: String(salonId) } : {});
  query.set('google', outcome);
  return `${GOOGLE_RETURN_PATH}?${query.toString()}`;
}

const googleErrors = { 401: errorBodySchema, 503: errorBodySchema } as const;

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const tags = ['salon: google calendar'];

/** The OAuth redirect URI: GOOGLE_REDIRECT_URI, else our own callback on this origin. */
function redirectUriOf(app: FastifyInstance, request: FastifyRequest): string {
  if (app.config.GOOGLE_REDIRECT_URI) return app.config.GOOGLE_REDIRECT_URI;
  const origin = app.config.PUBLIC_ORIGIN ?? `${request.protocol}://${request.host}`;
  return `${origin}${GOOGLE_CALLBACK_PATH}`;
}

/**
 * Google Calendar links (RSV-39..47) and the start of the OAuth connect flow (decision 0012),
 * inside the salon plugin (`/api/salon/:salonId`).
 */
export async function googleCalendarRoutes(
  app: FastifyInstance,
  options: { google: GoogleCalendarService },
) {
  const { google } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/googlecalendars',
    {
      schema: {
        tags,
        summary:
          'Googleカレンダー（RSV-39/40）: 連携アカウント・カレンダー・リソース・連携。カレンダー取得に失敗したときは calendars が空で calendars_error に理由',
        params: salonParamsSchema,
        response: { 200: googleCalendarsSchema, ...readErrors },
      },
    },
    async (request) => google.overview(salonOf(request).id),
  );

  routes.post(
    '/googlecalendars',
    {
      schema: {
        tags,
        summary:
          'Googleカレンダー連携（RSV-41/43）: 同じリソース・用途の連携は置き換え。shift はすぐ取り込む。リソース・アカウント・カレンダーが無ければ 404、Googleの認証切れは 401（本文を表示）',
        params: salonParamsSchema,
        body: googleLinkInputSchema,
        response: { 201: googleLinkResponseSchema, ...writeErrors, ...googleErrors },
      },
    },
    async (request, reply) => {
      const result = await google.link(salonOf(request).id, request.body);
      return reply.code(201).send({ status: true, ...result });
    },
  );

  routes.delete(
    '/googlecalendars/:primaryId/:purpose/:associationId',
    {
      schema: {
        tags,
        summary:
          '連携解除（RSV-44/45）: primaryId は連携の google_token_id。用途が違えば 400（本文を表示）、見つからなければ 404。取り込んだシフトは残る',
        params: googleUnlinkParamsSchema,
        response: {
          200: statusTrueSchema,
          ...writeErrors,
          400: validationErrorBodySchema,
          ...googleErrors,
        },
      },
    },
    async (request) => {
      const { primaryId, purpose, associationId } = request.params;
      await google.unlink(salonOf(request).id, primaryId, purpose, associationId);
      return { status: true as const };
    },
  );

  routes.post(
    '/googlecalendars/:primaryId/shift/:associationId/resync',
    {
      schema: {
        tags,
        summary:
          'シフト再取得（RSV-46/47）: 今日から62日間の予定をシフトとして取り込み直す（何度実行しても同じ結果）。shift 用でない・カレンダーが無い 400、認証切れ 401、Googleに接続できない 503',
        params: googleResyncParamsSchema,
        response: {
          200: googleResyncResponseSchema,
          ...writeErrors,
          400: validationErrorBodySchema,
          ...googleErrors,
        },
      },
    },
    async (request) => {
      const { primaryId, associationId } = request.params;
      const result = await google.resync(salonOf(request).id, primaryId, associationId);
      return { status: true as const, ...result };
    },
  );

  routes.post(
    '/googlecalendars/connect',
    {
      schema: {
        tags,
        summary:
          'Googleアカウント連携の開始: 同意画面の URL を返す（ブラウザはそこへ移動）。確認用の state を Cookie に保存',
        params: salonParamsSchema,
        response: { 200: googleConnectResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const state = `${salonOf(request).id}.${randomBytes(18).toString('base64url')}`;
      reply.setCookie(GOOGLE_STATE_COOKIE, state, {
        path: GOOGLE_CALLBACK_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: 600,
      });
      return { url: google.authorizeUrl(state, redirectUriOf(app, request)) };
    },
  );
}

/**
 * Google's redirect back after consent (`GOOGLE_CALLBACK_PATH`, under `/api`): checks the state
 * cookie, then stores the tokens for the salon named in the state (reserve-write needed).
 */
export async function googleOAuthCallbackRoutes(
  app: FastifyInstance,
  options: { google: GoogleCalendarService },
) {
  const { google } = options;
  const salons = createSalonService({ db: app.db });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/google/oauth/callback',
    {
      config: {
        documentedResponses: { 303: { description: 'コンソールの画面へ移動（Location）' } },
      },
      schema: {
        tags,
        summary: `Googleからの戻り先（OAuth）: トークンを保存して ${GOOGLE_RETURN_PATH}?salon={id}&google=connected（失敗時 failed）へ移動。トークンは API で返さない`,
        querystring: googleCallbackQuerySchema,
      },
    },
    async (request, reply) => {
      const expected = request.cookies[GOOGLE_STATE_COOKIE] ?? '';
      reply.clearCookie(GOOGLE_STATE_COOKIE, { path: GOOGLE_CALLBACK_PATH });
      const { code, state, error } = request.query;
      const salonId = Number(/^(\d{1,10})\./.exec(state)?.[1] ?? Number.NaN);
      const matches = Boolean(expected) && sameText(state, expected);
      // The salon goes back into the address only when the state is the one we issued.
      const back = (outcome: 'connected' | 'failed') =>
        reply.redirect(googleReturnUrl(outcome, matches && salonId ? salonId : undefined), 303);
      if (error || !code || !matches || !salonId) {
        request.log.info({ googleError: error ?? null }, 'google oauth callback refused');
        return back('failed');
      }
      try {
        const auth = authOf(request);
        const salon = await salons.require(auth.accountId, salonId);
        assertAccess(auth, needs('reserve-write'));
        await google.connect(salon.id, code, redirectUriOf(app, request));
      } catch (failure) {
        request.log.info({ err: failure }, 'google oauth callback failed');
        return back('failed');
      }
      return back('connected');
    },
  );
}
