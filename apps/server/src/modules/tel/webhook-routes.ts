import { MESSAGES, TEL_MESSAGES, errorBodySchema } from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, UnauthenticatedError } from '../../lib/errors.js';
import { publicAccess } from '../../plugins/access.js';
import { recordLineWebhook, validLineSignature } from './webhook-service.js';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

/**
 * `POST /api/line/webhook`: called by LINE, not by a browser — no session, no CSRF header
 * (public access, csrf false); authenticated by `x-line-signature` over the raw body.
 */
export async function lineWebhookRoutes(app: FastifyInstance) {
  const channelSecret = app.config.LINE_CHANNEL_SECRET;
  // This plugin's own JSON parser keeps the raw bytes: the signature is over them, not over a
  // re-serialisation.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    (request as FastifyRequest).rawBody = body as Buffer;
    done(null, {});
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/webhook',
    {
      config: { access: publicAccess, csrf: false },
      schema: {
        tags: ['line'],
        summary: 'LINE Webhook（配信完了イベント）',
        description:
          'x-line-signature（チャネルシークレットによる本文の HMAC-SHA256、base64）を検証します。同じ webhookEventId は無視します。',
        security: [],
        response: { 200: z.object({}), 401: errorBodySchema },
      },
    },
    async (request) => {
      if (!channelSecret) {
        // Nothing can verify the call: refused like a bad signature (never a 5xx), and the
        // operator finds the reason in the log.
        request.log.warn(TEL_MESSAGES.webhookNotConfigured);
        throw new UnauthenticatedError(TEL_MESSAGES.webhookSignature);
      }
      const raw = request.rawBody ?? Buffer.alloc(0);
      const signature = request.headers['x-line-signature'];
      if (
        !validLineSignature(
          raw,
          typeof signature === 'string' ? signature : undefined,
          channelSecret,
        )
      ) {
        throw new UnauthenticatedError(TEL_MESSAGES.webhookSignature);
      }
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError(400, MESSAGES.malformedRequest, {});
      }
      await recordLineWebhook(app.db, body);
      return {};
    },
  );
}
