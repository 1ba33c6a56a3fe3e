import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AuthContext, AuthService } from './service.js';
import { sessionHook } from './session-hook.js';
import { SESSION_COOKIE } from './session-token.js';

const operator: AuthContext = {
  operatorId: 1,
  accountId: 1,
  loginId: 'owner',
  displayName: 'オーナー',
  roleId: 1,
  roleName: 'オーナー',
  isOwner: true,
  permissionKeys: [],
};

/** The hook with a session service that records which lookup a route asked for. */
async function appWithHook() {
  const calls: string[] = [];
  const auth = {
    authenticate: async () => {
      calls.push('session');
      return operator;
    },
    authenticateWithSalon: async (_token: string, salonId: number) => {
      calls.push(`session+salon ${salonId}`);
      return { auth: operator, salon: null };
    },
  } as unknown as AuthService;
  const app = Fastify();
  await app.register(cookie);
  await app.register(sessionHook, { auth });
  const reply = async (request: { sessionSalon: unknown }) => ({ found: request.sessionSalon });
  app.get('/plain/:salonId', reply);
  app.get('/shop/:shopId', { config: { sessionSalonParam: 'shopId' } }, reply);
  const get = (url: string) => app.inject({ url, cookies: { [SESSION_COOKIE]: 'token' } });
  return { app, calls, get };
}

describe('session hook: the salon read with the session (decisions 0500, 0525)', () => {
  it('reads the salon named by the route option, and only on routes that set it', async () => {
    const { app, calls, get } = await appWithHook();
    expect((await get('/shop/7')).json()).toEqual({ found: { salonId: 7, salon: null } });
    expect((await get('/plain/7')).json()).toEqual({ found: null });
    expect(calls).toEqual(['session+salon 7', 'session']);
    await app.close();
  });

  it('a path value that is not an id gets the plain session lookup', async () => {
    const { app, calls, get } = await appWithHook();
    expect((await get('/shop/1e3')).json()).toEqual({ found: null });
    expect(calls).toEqual(['session']);
    await app.close();
  });
});
