import {
  errorBodySchema,
  richMenuInputSchema,
  richMenuParamsSchema,
  richMenuSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { needs } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import type { RichMenusService } from './service.js';

/**
 * What the console's editor needs beyond the drafts' routes (decision 0268): saving a menu again
 * (`PUT …/{id}`, template-write) and its prepared picture (`GET …/{id}/image`, any operator —
 * the list and the preview show it).
 */
export async function richMenuEditorRoutes(
  app: FastifyInstance,
  options: { service: RichMenusService },
) {
  const { service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['rich-menus'];
  const account = (request: FastifyRequest) => authOf(request).accountId;

  routes.put(
    '/line/rich_menus/:id',
    {
      config: { access: needs('template-write') },
      schema: {
        tags,
        summary: 'リッチメニューの保存（名前・メニューバー・大きさ・タップ領域）',
        description: '大きさを変えると画像は消えます（前の大きさに合わせて作ったため）。',
        params: richMenuParamsSchema,
        body: richMenuInputSchema,
        response: {
          200: richMenuSchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          422: validationErrorBodySchema,
        },
      },
    },
    async (request) => service.update(account(request), request.params.id, request.body),
  );
  routes.get(
    '/line/rich_menus/:id/image',
    {
      schema: {
        tags,
        summary: 'リッチメニューの画像（調整済みのJPEG/PNG）',
        params: richMenuParamsSchema,
        produces: ['image/png', 'image/jpeg'],
      },
    },
    async (request, reply) => {
      const image = await service.image(account(request), request.params.id);
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(image.bytes);
    },
  );
}
