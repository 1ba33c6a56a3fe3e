import {
  errorBodySchema,
  friendIdParamsSchema,
  friendListQuerySchema,
  friendListSchema,
  friendSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../auth/index.js';
import type { FriendsService } from './service.js';

/** `/api/line/friends`: the account's LINE friends, for any operator of the account. */
export async function friendRoutes(app: FastifyInstance, options: { friends: FriendsService }) {
  const { friends } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['friends'];

  routes.get(
    '',
    {
      schema: {
        tags,
        summary:
          'LINE友だちの一覧（名前で検索、状態・タグで絞り込み、50件ずつ、友だちになった日の新しい順、各友だちのタグつき）',
        querystring: friendListQuerySchema,
        response: { 200: friendListSchema, 422: validationErrorBodySchema },
      },
    },
    async (request) => friends.list(authOf(request).accountId, request.query),
  );

  routes.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'LINE友だち一人',
        params: friendIdParamsSchema,
        response: { 200: friendSchema, 404: errorBodySchema },
      },
    },
    async (request) => friends.get(authOf(request).accountId, request.params.id),
  );
}
