import {
  errorBodySchema,
  friendInfoIdParamsSchema,
  friendReservationSchema,
  friendVarValueSchema,
  friendVarValuesInputSchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../auth/index.js';
import { denied, write } from './routes.js';
import type { FriendValuesService } from './values-service.js';

/** A friend's friend information values and salon reservations, under `/line/friends/{id}`. */
export async function friendValuesRoutes(
  app: FastifyInstance,
  options: { values: FriendValuesService },
) {
  const { values } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['friend-info'];
  const params = friendInfoIdParamsSchema;

  routes.get(
    '/line/friends/:id/varia',
    {
      schema: {
        tags,
        summary: 'LINE友だち一人の友だち情報（値のある項目だけ）',
        params,
        response: { 200: z.array(friendVarValueSchema), 404: errorBodySchema },
      },
    },
    async (request) => values.values(authOf(request).accountId, request.params.id),
  );

  routes.put(
    '/line/friends/:id/varia',
    {
      config: write,
      schema: {
        tags,
        summary:
          'LINE友だち一人の友だち情報の保存（送った項目だけ、null で消去、項目の種類で検証）',
        params,
        body: friendVarValuesInputSchema,
        response: { 200: z.array(friendVarValueSchema), ...denied },
      },
    },
    async (request) => values.save(authOf(request).accountId, request.params.id, request.body),
  );

  routes.get(
    '/line/friends/:id/reservations',
    {
      schema: {
        tags,
        summary: 'LINE友だち一人のサロン予約（新しい順、50件まで）',
        params,
        response: { 200: z.array(friendReservationSchema), 404: errorBodySchema },
      },
    },
    async (request) => values.reservations(authOf(request).accountId, request.params.id),
  );
}
