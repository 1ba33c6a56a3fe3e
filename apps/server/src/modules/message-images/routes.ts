import {
  errorBodySchema,
  MESSAGE_IMAGE_MAX_BYTES,
  MESSAGE_IMAGE_TEXT,
  messageImageSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors.js';
import { needs, publicAccess } from '../../plugins/access.js';
import { authOf } from '../auth/index.js';
import type { MessageImages } from './service.js';

const keyParams = z.object({ key: z.string().max(100) });

/**
 * Message images (decision 0305): the upload (`template-write`, as sending a chat message) and
 * the public reads LINE makes, by the image's unguessable key, without sign-in.
 */
export async function messageImageRoutes(app: FastifyInstance, options: { images: MessageImages }) {
  const { images } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['message-images'];
  const origin = (request: FastifyRequest) =>
    app.config.PUBLIC_ORIGIN ?? `${request.protocol}://${request.host}`;
  // The body is the picture itself, read as bytes and checked by its content; a bigger body is
  // refused before it is read (413, answered in Japanese by the errors plugin).
  app.addContentTypeParser(
    ['image/png', 'image/jpeg'],
    { parseAs: 'buffer', bodyLimit: MESSAGE_IMAGE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  routes.post(
    '/line/message_images',
    {
      config: { access: needs('template-write') },
      validatorCompiler: () => (data) => ({ value: data }),
      schema: {
        tags,
        summary: 'メッセージに添付する画像のアップロード（お知らせ・チャットの返信）',
        description:
          'image/jpeg または image/png の本文（10MBまで）。向き（EXIF）を直して位置情報などを除き、LINE の originalContentUrl と previewImageUrl（1024px・1MB以下）に使う https の URL を返します。',
        consumes: ['image/png', 'image/jpeg'],
        body: z.string().meta({ format: 'binary' }),
        response: {
          201: messageImageSchema,
          403: errorBodySchema,
          422: validationErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const image = await images.upload(auth.accountId, auth.operatorId, bytes, origin(request));
      return reply.code(201).send(image);
    },
  );

  for (const preview of [false, true]) {
    routes.get(
      preview ? '/media/images/:key/preview' : '/media/images/:key',
      {
        config: { access: publicAccess },
        schema: {
          tags,
          summary: preview
            ? 'メッセージ画像のプレビュー（LINE の previewImageUrl、ログイン不要）'
            : 'メッセージ画像（LINE の originalContentUrl、ログイン不要）',
          params: keyParams,
          description: '知らないキーは 404 です。',
          produces: ['image/jpeg', 'image/png'],
        },
      },
      async (request, reply) => {
        const found = await images.read(request.params.key, preview);
        if (!found) throw new NotFoundError(MESSAGE_IMAGE_TEXT.notFound);
        return reply
          .header('content-type', found.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', 'inline')
          .send(found.bytes);
      },
    );
  }
}
