import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { describeAccess, operatorAccess, type RouteAccess } from './access.js';

/** The OpenAPI extension naming who may call an operation (the hostile sweep reads it too). */
export const ACCESS_EXTENSION = 'x-tsunagu-access';

const openApiPath = (url: string) => url.replace(/:([A-Za-z_]\w*)/g, '{$1}');

/**
 * The OpenAPI document is generated from the same zod schemas the routes validate with, so it
 * cannot drift from the code. Each operation also states its access — in its description and as
 * `x-tsunagu-access` — taken from the route's own `config.access`. Registered at the root so it
 * sees every route; the document is served by `apiDocsPlugin` inside `/api` (signed-in only).
 */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  const accessByOperation = new Map<string, RouteAccess>();
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'つなぐ API',
        description:
          'つなぐ 管理コンソールの API。エラーは `{message, errors?}`（400/422 は errors にフィールドごとのメッセージ）。' +
          '状態を変える呼び出しには `X-Requested-With: XMLHttpRequest` ヘッダーが必要です。' +
          '権限は各操作の説明と `x-tsunagu-access` にあります。',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'tsunagu_session' },
          /** The booking page's member session (decision 0115). */
          member: { type: 'apiKey', in: 'cookie', name: 'tsunagu_member' },
        },
      },
      security: [{ session: [] }],
    },
    transform: (input) => {
      const access = input.route.config?.access ?? operatorAccess;
      for (const method of [input.route.method].flat()) {
        accessByOperation.set(`${method.toLowerCase()} ${openApiPath(input.url)}`, access);
      }
      const result = jsonSchemaTransform(input);
      const schema = (result.schema ?? {}) as Record<string, unknown>;
      const description = [schema.description, `（${describeAccess(access)}）`]
        .filter(Boolean)
        .join('\n\n');
      return {
        ...result,
        schema: {
          ...schema,
          description,
          ...(access.kind === 'public' ? { security: [] } : {}),
          ...(access.kind === 'member' ? { security: [{ member: [] }] } : {}),
        },
      } as typeof result;
    },
    transformObject: (document) => {
      const { openapiObject } = document as {
        openapiObject: { paths?: Record<string, Record<string, unknown> | undefined> };
      };
      for (const [path, item] of Object.entries(openapiObject.paths ?? {})) {
        for (const [method, operation] of Object.entries(item ?? {})) {
          const access = accessByOperation.get(`${method} ${path}`);
          if (access && operation && typeof operation === 'object') {
            (operation as Record<string, unknown>)[ACCESS_EXTENSION] = access;
          }
        }
      }
      return openapiObject;
    },
  });
});

/** The document and its UI at `/api/docs` (`/api/docs/json`), behind the API's sign-in. */
export async function apiDocsPlugin(api: FastifyInstance) {
  await api.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
}
