import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { MEMBER_COOKIE, clearMemberCookie, setMemberCookie } from './cookie.js';

describe('the member cookie (decision 0115)', () => {
  it("is set for the page's API path only, HttpOnly and Lax, for the session's two hours, and cleared there", async () => {
    const app = Fastify();
    await app.register(cookie);
    app.post('/in', async (_request, reply) => {
      setMemberCookie(reply, '/api/event_booking', 'token');
      return {};
    });
    app.post('/out', async (_request, reply) => {
      clearMemberCookie(reply, '/api/event_booking');
      return {};
    });

    const signedIn = (await app.inject({ method: 'POST', url: '/in' })).cookies;
    expect(signedIn).toEqual([
      expect.objectContaining({
        name: MEMBER_COOKIE,
        value: 'token',
        path: '/api/event_booking',
        httpOnly: true,
        sameSite: 'Lax',
        maxAge: 2 * 3600,
      }),
    ]);
    const signedOut = (await app.inject({ method: 'POST', url: '/out' })).cookies;
    expect(signedOut).toEqual([
      expect.objectContaining({ name: MEMBER_COOKIE, value: '', path: '/api/event_booking' }),
    ]);
    expect(signedOut[0]!.expires!.getTime()).toBeLessThan(Date.now());
    await app.close();
  });
});
