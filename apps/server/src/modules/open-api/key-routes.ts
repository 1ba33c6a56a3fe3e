import {
  errorBodySchema,
  openApiKeyCreatedSchema,
  openApiKeyInputSchema,
  openApiKeySchema,
  triggerIdParamsSchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownerOnly } from '../../plugins/access.js';
import type { KeysService } from './keys.js';
import { account, denied, tags } from './route-parts.js';

/** The owner's API keys: listed without secrets, issued (the secret shown once), revoked. */
export function registerKeyRoutes(app: FastifyInstance, keys: KeysService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const owner = { access: ownerOnly() };

  routes.get(
    '/keys',
    {
      config: owner,
      schema: {
        tags,
        summary: 'APIキー一覧（秘密の値は含まない）',
        response: { 200: z.array(openApiKeySchema), 403: errorBodySchema },
      },
    },
    async (request) => keys.list(account(request)),
  );

  routes.post(
    '/keys',
    {
      config: owner,
      schema: {
        tags,
        summary: 'APIキー発行（秘密の値はこの応答でだけ返す）',
        body: openApiKeyInputSchema,
        response: { 201: openApiKeyCreatedSchema, 409: errorBodySchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await keys.create(account(request), request.body.name)),
  );

  routes.delete(
    '/keys/:id',
    {
      config: owner,
      schema: {
        tags,
        summary: 'APIキーを無効にする（記録のために一覧には残る）',
        params: triggerIdParamsSchema,
        response: { 200: openApiKeySchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => keys.revoke(account(request), request.params.id),
  );
}
