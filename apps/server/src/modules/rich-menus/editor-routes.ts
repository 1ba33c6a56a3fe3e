import { richMenuParamsSchema } from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../auth/index.js';
import type { RichMenusService } from './service.js';

/**
 * What the console's editor needs beyond the drafts' routes (decision 0268): the menu's prepared
 * picture (`GET …/{id}/image`, any operator — the list and the preview show it). Saving a menu
 * again is `PUT …/{id}` in routes.ts (decision 0261).
 */
export async function richMenuEditorRoutes(
  app: FastifyInstance,
  options: { service: RichMenusService },
) {
  const { service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['rich-menus'];
  const account = (request: FastifyRequest) => authOf(request).accountId;

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
