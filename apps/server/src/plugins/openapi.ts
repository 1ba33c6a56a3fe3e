import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document is generated from the same zod schemas the routes validate with, so
 * it cannot drift from the code. UI at /api/docs, JSON at /api/docs/json (signed-in only,
 * like every /api path).
 */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'つなぐ API',
        description:
          'つなぐ 管理コンソールの API。エラーは `{message, errors?}`（400/422 は errors にフィールドごとのメッセージ）。' +
          '状態を変える呼び出しには `X-Requested-With: XMLHttpRequest` ヘッダーが必要です。',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'tsunagu_session' },
        },
      },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
