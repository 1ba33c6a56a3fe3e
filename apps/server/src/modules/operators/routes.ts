import {
  OPERATOR_MESSAGES,
  createdIdSchema,
  errorBodySchema,
  operatorIdParamsSchema,
  operatorInputSchema,
  operatorListSchema,
  operatorRoleChangeSchema,
  operatorRowSchema,
  passwordResetResponseSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ownerOnly } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import { createOperatorService } from './service.js';

/**
 * The account's operators under `/api/operators` (decision 0288): every operator of the account
 * may read the list, as with roles; only the owner role adds, changes, deactivates and resets.
 */
export async function operatorsModule(app: FastifyInstance) {
  const operators = createOperatorService({
    db: app.db,
    sessionsEnded: (hashes) => app.sessions.sessionsEnded(hashes),
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const owner = { access: ownerOnly(OPERATOR_MESSAGES.ownerRequired) };
  const tags = ['operators'];
  const params = operatorIdParamsSchema;
  const changed = {
    200: operatorRowSchema,
    403: errorBodySchema,
    404: errorBodySchema,
    409: errorBodySchema,
  };

  routes.get(
    '',
    { schema: { tags, summary: 'オペレーター一覧', response: { 200: operatorListSchema } } },
    async (request) => operators.list(authOf(request).accountId),
  );

  routes.post(
    '',
    {
      config: owner,
      schema: {
        tags,
        summary: 'オペレーター追加（ログインID・名前・ロール・初回パスワード）',
        body: operatorInputSchema,
        response: { 201: createdIdSchema, 403: errorBodySchema, 422: validationErrorBodySchema },
      },
    },
    async (request, reply) => {
      const id = await operators.create(authOf(request).accountId, request.body);
      return reply.code(201).send({ id });
    },
  );

  routes.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'オペレーター詳細',
        params,
        response: { 200: operatorRowSchema, 404: errorBodySchema },
      },
    },
    async (request) => operators.get(authOf(request).accountId, request.params.id),
  );

  routes.put(
    '/:id/role',
    {
      config: owner,
      schema: {
        tags,
        summary: 'ロール変更（有効な最後のオーナーはオーナーロールから外せない）',
        params,
        body: operatorRoleChangeSchema,
        response: { ...changed, 422: validationErrorBodySchema },
      },
    },
    async (request) =>
      operators.changeRole(authOf(request).accountId, request.params.id, request.body.role_id),
  );

  routes.post(
    '/:id/deactivate',
    {
      config: owner,
      schema: {
        tags,
        summary: '無効にする（そのオペレーターのセッションはすぐに終わる）',
        params,
        response: changed,
      },
    },
    async (request) => {
      const { accountId, operatorId } = authOf(request);
      return operators.deactivate({ accountId, operatorId }, request.params.id);
    },
  );

  routes.post(
    '/:id/reactivate',
    {
      config: owner,
      schema: { tags, summary: '有効にする', params, response: changed },
    },
    async (request) => operators.reactivate(authOf(request).accountId, request.params.id),
  );

  routes.post(
    '/:id/password',
    {
      config: owner,
      schema: {
        tags,
        summary: 'パスワード再設定（新しい初回パスワードを一度だけ返す）',
        params,
        response: {
          200: passwordResetResponseSchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => ({
      password: await operators.resetPassword(authOf(request).accountId, request.params.id),
    }),
  );
}
