import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { CSRF_HEADERS } from './test-app.js';

/** What a customer's phone sends: the member cookie only (or nothing), and the CSRF header. */
export function memberClient(app: FastifyInstance, cookie: string) {
  const request = (method: InjectOptions['method'], url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { ...(cookie ? { cookie } : {}), ...CSRF_HEADERS },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  return {
    cookie,
    get: (url: string) => request('GET', url),
    post: (url: string, payload?: unknown) => request('POST', url, payload),
    put: (url: string, payload?: unknown) => request('PUT', url, payload),
    patch: (url: string, payload?: unknown) => request('PATCH', url, payload),
    delete: (url: string) => request('DELETE', url),
  };
}
export type MemberClient = ReturnType<typeof memberClient>;

export function memberCookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'tsunagu_member');
  if (!cookie)
    throw new Error(`no member cookie in response ${response.statusCode}: ${response.body}`);
  return `tsunagu_member=${cookie.value}`;
}

/** Signs a member in on a booking page (`{ id_token }` or `{ demo: true }`). */
export async function memberSignIn(
  app: FastifyInstance,
  publicKey: string,
  body: { id_token: string } | { demo: true },
): Promise<MemberClient> {
  const response = await memberClient(app, '').post(`/api/booking/${publicKey}/session`, body);
  if (response.statusCode !== 200) throw new Error(`member sign-in: ${response.body}`);
  return memberClient(app, memberCookieFrom(response));
}
