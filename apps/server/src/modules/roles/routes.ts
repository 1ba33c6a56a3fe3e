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
import type { Database } from '../../db/types.js';
import { authOf, requireOwner } from '../../plugins/auth.js';
import { createRoleService } from './service.js';

/** Operator roles: any operator of the account may read them; only the owner role changes them. */
export async function roleRoutes(app: FastifyInstance, options: { db: Database }) {
  const roles = createRoleService({ db: options.db });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const ownerOnly = requireOwner(ROLE_MESSAGES.ownerRequired);
  const tags = ['operator_roles'];

  routes.get(
    '/api/operator_roles',
    { schema: { tags, summary: 'ロール一覧', response: { 200: roleListSchema } } },
    async (request) => roles.list(authOf(request).accountId),
  );

  routes.post(
    '/api/operator_roles',
    {
      preHandler: ownerOnly,
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
    '/api/operator_roles/:id',
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
    '/api/operator_roles/:id',
    {
      preHandler: ownerOnly,
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
    '/api/operator_roles/:id',
    {
      preHandler: ownerOnly,
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
