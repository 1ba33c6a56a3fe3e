import {
  ROLE_MESSAGES,
  createdIdSchema,
  errorBodySchema,
  okResponseSchema,
  roleIdParamsSchema,
  roleInputSchema,
  roleListSchema,
  roleSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ownerOnly } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import { createRoleService } from './service.js';

/**
 * Operator roles under `/api/operator_roles`: any operator of the account may read them; only
 * the owner role changes them.
 */
export async function rolesModule(app: FastifyInstance) {
  const roles = createRoleService({ db: app.db });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const owner = { access: ownerOnly(ROLE_MESSAGES.ownerRequired) };
  const tags = ['operator_roles'];

  routes.get(
    '',
    { schema: { tags, summary: 'ロール一覧', response: { 200: roleListSchema } } },
    async (request) => roles.list(authOf(request).accountId),
  );

  routes.post(
    '',
    {
      config: owner,
      schema: {
        tags,
        summary: 'ロール登録',
        body: roleInputSchema,
        response: { 201: createdIdSchema, 403: errorBodySchema, 422: validationErrorBodySchema },
      },
    },
    async (request, reply) => {
      const id = await roles.create(authOf(request).accountId, request.body);
      return reply.code(201).send({ id });
    },
  );

  routes.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'ロール詳細',
        params: roleIdParamsSchema,
        response: { 200: roleSchema, 404: errorBodySchema },
      },
    },
    async (request) => roles.get(authOf(request).accountId, request.params.id),
  );

  routes.put(
    '/:id',
    {
      config: owner,
      schema: {
        tags,
        summary: 'ロール更新',
        params: roleIdParamsSchema,
        body: roleInputSchema,
        response: {
          200: roleSchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          422: validationErrorBodySchema,
        },
      },
    },
    async (request) => roles.update(authOf(request).accountId, request.params.id, request.body),
  );

  routes.delete(
    '/:id',
    {
      config: owner,
      schema: {
        tags,
        summary: 'ロール削除',
        params: roleIdParamsSchema,
        response: {
          200: okResponseSchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      await roles.remove(authOf(request).accountId, request.params.id);
      return { status: true as const };
    },
  );
}
