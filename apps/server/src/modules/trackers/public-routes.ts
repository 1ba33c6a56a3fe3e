import {
  errorBodySchema,
  trackerCallbackQuerySchema,
  trackerClickQuerySchema,
  trackerCodeParamsSchema,
  trackerLiffAnswerSchema,
  trackerLiffInputSchema,
  trackerLiffPageQuerySchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicAccess } from '../../plugins/access.js';
import type { FlowAnswer, TrackerFlow } from './flow.js';
import { refOfPage } from './liff-entry.js';
import { LIFF_PAGE_CSP, liffPage } from './liff-page.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A short phone-first page of ours (no script): a friend already, or something went wrong. */
function page(answer: Extract<FlowAnswer, { kind: 'page' }>) {
  const link = answer.link
    ? `<p><a href="${escape(answer.link)}" style="display:inline-block;padding:12px 20px;background:#06c755;color:#fff;border-radius:8px;text-decoration:none">LINEで開く</a></p>`
    : '';
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(answer.title)}</title></head><body style="font-family:sans-serif;margin:0;padding:32px 20px;text-align:center;color:#222"><h1 style="font-size:20px">${escape(answer.title)}</h1><p>${escape(answer.body)}</p>${link}</body></html>`;
}

function send(reply: FastifyReply, answer: FlowAnswer) {
  reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
  if (answer.kind === 'redirect') return reply.redirect(answer.location, 302);
  return reply
    .code(answer.status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .send(page(answer));
}

const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
const answers = { 302: z.null(), 200: z.string(), 400: z.string(), 404: z.string() };

/**
 * The trackers' public URLs (decisions 0332, 0475), outside `/api` (no session, no console
 * cookie is needed): `GET /t/{code}` (a click), `GET /t/callback` (LINE Login's redirect_uri),
 * `GET /t/liff` (the LIFF app's endpoint page) and `POST /t/liff` (its tokens).
 */
export async function trackerPublicRoutes(app: FastifyInstance, options: { flow: TrackerFlow }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['trackers'];
  routes.get(
    '/t/callback',
    {
      config: { access: publicAccess },
      schema: {
        tags,
        summary: '流入経路：LINEログインのコールバック（友だち追加画面へ、または友だちの案内）',
        querystring: trackerCallbackQuerySchema,
        produces: ['text/html'],
        response: answers,
      },
    },
    async (request, reply) =>
      send(reply, await options.flow.callback(request.query, requestOrigin(request))),
  );
  routes.get(
    '/t/liff',
    {
      config: { access: publicAccess },
      schema: {
        tags,
        summary:
          '流入経路：LIFFアプリのエンドポイントページ（LIFFのトークンを POST /t/liff へ送る）',
        querystring: trackerLiffPageQuerySchema,
        produces: ['text/html'],
        response: { 200: z.string(), 400: z.string() },
      },
    },
    async (request, reply) => {
      const liffId = await options.flow.liffIdOf(refOfPage(request.query));
      if (!liffId) return send(reply, options.flow.broken);
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', LIFF_PAGE_CSP)
        .send(liffPage(liffId));
    },
  );
  routes.post(
    '/t/liff',
    {
      config: { access: publicAccess },
      schema: {
        tags,
        summary:
          '流入経路：LIFFのIDトークンとアクセストークンで本人と友だち状態を確かめ、次の行き先を返す',
        body: trackerLiffInputSchema,
        response: {
          200: trackerLiffAnswerSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          422: validationErrorBodySchema,
          502: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const answer = await options.flow.liff(request.body);
      reply.header('cache-control', 'no-store');
      return answer.kind === 'redirect'
        ? { next: 'redirect' as const, url: answer.location, title: '', body: '' }
        : {
            next: 'page' as const,
            url: answer.link ?? null,
            title: answer.title,
            body: answer.body,
          };
    },
  );
  routes.get(
    '/t/:code',
    {
      config: { access: publicAccess },
      // A printed QR can bring hundreds of clicks a second: no "incoming request / request
      // completed" lines per click (decision 0420); warnings and errors are still logged.
      logLevel: 'warn',
      schema: {
        tags,
        summary:
          '流入経路の公開URL：クリックを記録して LINE ログインへ（停止中は友だち追加画面へ）',
        params: trackerCodeParamsSchema,
        querystring: trackerClickQuerySchema,
        produces: ['text/html'],
        response: answers,
      },
    },
    async (request, reply) =>
      send(
        reply,
        await options.flow.click(
          request.params.code,
          request.query,
          request.headers['user-agent'] ?? '',
          requestOrigin(request),
        ),
      ),
  );
}
