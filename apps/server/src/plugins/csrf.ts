import { MESSAGES } from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ForbiddenError } from '../lib/errors.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function ownOrigin(request: FastifyRequest, publicOrigin: string | undefined): string {
  return (publicOrigin ?? `${request.protocol}://${request.host}`).toLowerCase();
}

/**
 * CSRF defence for cookie sessions (docs/decisions/0004-csrf-defence.md). Registered inside the
 * API context, so it applies to every API route the router matched, however its path was
 * spelled. A state-changing call must carry `X-Requested-With: XMLHttpRequest` — a header other
 * sites cannot send without a CORS preflight we never grant — and, when the browser names an
 * Origin, it must be ours. Routes called by other servers (webhooks) opt out with
 * `config.csrf: false` and authenticate by signature instead.
 */
export const csrfPlugin = fp(async (app: FastifyInstance, options: { publicOrigin?: string }) => {
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (request.routeOptions.config?.csrf === false) return;
    if (request.headers['x-requested-with'] !== 'XMLHttpRequest') {
      throw new ForbiddenError(MESSAGES.csrfRejected);
    }
    const origin = request.headers.origin;
    if (origin !== undefined && origin.toLowerCase() !== ownOrigin(request, options.publicOrigin)) {
      throw new ForbiddenError(MESSAGES.csrfRejected);
    }
  });
});
