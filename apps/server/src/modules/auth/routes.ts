import {
  errorBodySchema,
  loginRequestSchema,
  loginResponseSchema,
  meResponseSchema,
  okResponseSchema,
  validationErrorBodySchema,
} from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicAccess } from '../../plugins/access.js';
import { authOf } from './session-hook.js';
import type { AuthService, SessionPolicy } from './service.js';
import { SESSION_COOKIE } from './session-token.js';

/** Under `/api/auth`. */
export async function authRoutes(
  app: FastifyInstance,
  options: { auth: AuthService; policy: SessionPolicy },
) {
  const { auth, policy } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: 'auto',
  } as const;

  routes.post(
    '/login',
    {
      config: { access: publicAccess },
      schema: {
        tags: ['auth'],
        summary: 'ログイン',
        body: loginRequestSchema,
        response: {
          200: loginResponseSchema,
          401: errorBodySchema,
          422: validationErrorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const result = await auth.login(request.body, request.ip, request.cookies[SESSION_COOKIE]);
      reply.setCookie(SESSION_COOKIE, result.token, {
        ...cookieOptions,
        maxAge: Math.floor(policy.absoluteMs / 1000),
      });
      return { operator: result.operator };
    },
  );

  routes.post(
    '/logout',
    { schema: { tags: ['auth'], summary: 'ログアウト', response: { 200: okResponseSchema } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await auth.logout(token);
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      return { status: true as const };
    },
  );

  routes.get(
    '/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'ログイン中のオペレーター、アカウント、権限',
        response: { 200: meResponseSchema },
      },
    },
    async (request) => auth.me(authOf(request)),
  );
}
