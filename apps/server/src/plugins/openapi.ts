import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { describeAccess, operatorAccess } from './access.js';
import { completeResponses, ERROR_SCHEMAS } from './openapi-document.js';
import type { DocumentedResponses, RouteTraits } from './openapi-responses.js';
import { securityOf, SECURITY_SCHEMES } from './openapi-security.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A request body the document describes but the router does not validate: the route reads
     * the raw bytes itself (LINE's webhook checks its signature over them).
     */
    documentedBody?: ZodType;
    /**
     * Answers the document lists that are not JSON a zod schema could describe: an event
     * stream's 200, a redirect's 303. Merged into the operation's responses.
     */
    documentedResponses?: DocumentedResponses;
  }
}

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
  const traitsByOperation = new Map<string, RouteTraits>();
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
        schemas: ERROR_SCHEMAS,
        securitySchemes: SECURITY_SCHEMES,
      },
      security: [{ session: [] }],
    },
    transform: (input) => {
      const config = input.route.config;
      const access = config?.access ?? operatorAccess;
      for (const method of [input.route.method].flat()) {
        traitsByOperation.set(`${method.toLowerCase()} ${openApiPath(input.url)}`, {
          method,
          access,
          csrf: config?.csrf !== false,
          hasPathParams: /:[A-Za-z_]/.test(input.url),
          ...(config?.documentedResponses ? { documented: config.documentedResponses } : {}),
        });
      }
      const documentedBody = config?.documentedBody;
      const result = jsonSchemaTransform(
        documentedBody && input.schema
          ? { ...input, schema: { ...input.schema, body: documentedBody } }
          : input,
      );
      const schema = (result.schema ?? {}) as Record<string, unknown>;
      const description = [schema.description, `（${describeAccess(access)}）`]
        .filter(Boolean)
        .join('\n\n');
      return {
        ...result,
        schema: {
          ...schema,
          description,
          security: securityOf(access),
        },
      } as typeof result;
    },
    transformObject: (document) => {
      const { openapiObject } = document as {
        openapiObject: { paths?: Record<string, Record<string, unknown> | undefined> };
      };
      for (const [path, item] of Object.entries(openapiObject.paths ?? {})) {
        for (const [method, operation] of Object.entries(item ?? {})) {
          const traits = traitsByOperation.get(`${method} ${path}`);
          if (traits && operation && typeof operation === 'object') {
            const document = operation as Record<string, unknown>;
            document[ACCESS_EXTENSION] = traits.access;
            completeResponses(document, traits);
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
