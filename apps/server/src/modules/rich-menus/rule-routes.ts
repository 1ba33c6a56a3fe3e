import {
  errorBodySchema,
  friendRichMenuSchema,
  richMenuParamsSchema,
  richMenuScheduleInputSchema,
  richMenuSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { needs } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import { friendRichMenu, setSchedule } from './friend-menu.js';

/**
 * Who sees which (decision 0300): a menu's schedule (`template-write`, as publishing) and a
 * friend's menu with the rule that gave it (any operator, as the friends list).
 */
export async function richMenuRuleRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['rich-menus'];
  const account = (request: FastifyRequest) => authOf(request).accountId;

  routes.put(
    '/line/rich_menus/:id/schedule',
    {
      config: { access: needs('template-write') },
      schema: {
        tags,
        summary: 'リッチメニューの表示期間（表示開始・表示終了、Asia/Tokyo で判定）',
        params: richMenuParamsSchema,
        body: richMenuScheduleInputSchema,
        response: {
          200: richMenuSchema,
          403: errorBodySchema,
          404: errorBodySchema,
          422: validationErrorBodySchema,
        },
      },
    },
    async (request) =>
      setSchedule(app.db, account(request), request.params.id, request.body, new Date()),
  );
  routes.get(
    '/line/friends/:id/rich_menu',
    {
      schema: {
        tags,
        summary: '友だちに表示されるリッチメニューと、その理由（ルール）',
        params: richMenuParamsSchema,
        response: {
          200: friendRichMenuSchema,
          404: errorBodySchema,
          422: validationErrorBodySchema,
        },
      },
    },
    async (request) => friendRichMenu(app.db, account(request), request.params.id, new Date()),
  );
}
