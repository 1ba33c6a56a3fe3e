import { MESSAGES, TEL_MESSAGES, errorBodySchema } from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, UnauthenticatedError } from '../../lib/errors.js';
import { publicAccess } from '../../plugins/access.js';
import type { ChannelSecrets } from './secrets.js';
import { lineWebhookBodySchema } from './webhook-events.js';
import { receiveLineWebhook } from './webhook-service.js';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

/**
 * `POST /api/line/webhook`: one URL for every account's channel, called by LINE, not by a
 * browser — no session, no CSRF header (public access, csrf false); authenticated by the
 * `x-line-signature` of the channel its `destination` names.
 */
export async function lineWebhookRoutes(
  app: FastifyInstance,
  options: { secrets: ChannelSecrets; onRecorded: () => void },
) {
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
      config: { access: publicAccess, csrf: false, documentedBody: lineWebhookBodySchema },
      schema: {
        tags: ['line'],
        summary:
          'LINE Webhook（すべてのアカウントで一つの URL。destination のチャネルの署名で検証）',
        description:
          'x-line-signature（destination のボットのチャネルシークレットによる本文の HMAC-SHA256、base64）を検証します。' +
          '不明な destination や署名の誤りは 401。イベントは記録してすぐ 200 を返し、応答後に順に処理します。同じ webhookEventId はチャネルごとに一度だけ処理します。',
        security: [],
        response: { 200: z.object({}), 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const signature = request.headers['x-line-signature'];
      const outcome = await receiveLineWebhook(
        { db: app.db, secrets: options.secrets, onRecorded: options.onRecorded },
        request.rawBody ?? Buffer.alloc(0),
        typeof signature === 'string' ? signature : undefined,
      );
      if (outcome.kind === 'malformed') throw new AppError(400, MESSAGES.malformedRequest, {});
      if (outcome.kind === 'refused') throw new UnauthenticatedError(TEL_MESSAGES.webhookSignature);
      request.log.info({ accountId: outcome.accountId, events: outcome.fresh }, 'line webhook');
      if (outcome.invalid.length > 0)
        request.log.warn(
          { accountId: outcome.accountId, invalid: outcome.invalid },
          'line webhook: events unlike LINE’s definition left out',
        );
      return {};
    },
  );
}
