import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { CSRF_HEADERS } from './test-app.js';

let phones = 0;
/** Each customer's phone has its own address (the booking writes are limited per address too). */
export function phoneAddress(): string {
  phones += 1;
  return `198.51.100.${phones % 250}`;
}

/** What a customer's phone sends: the member cookie only (or nothing), and the CSRF header. */
export function memberClient(app: FastifyInstance, cookie: string, address = phoneAddress()) {
  const request = (method: InjectOptions['method'], url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      remoteAddress: address,
      headers: { ...(cookie ? { cookie } : {}), ...CSRF_HEADERS },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  return {
    cookie,
    address,
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

/** Signs a member in on a booking page (`{ id_token }` or `{ demo: true }`), from `address`. */
export async function memberSignIn(
  app: FastifyInstance,
  publicKey: string,
  body: { id_token: string; access_token?: string } | { demo: true },
  address = phoneAddress(),
): Promise<MemberClient> {
  const response = await memberClient(app, '', address).post(
    `/api/booking/${publicKey}/session`,
    body,
  );
  if (response.statusCode !== 200) throw new Error(`member sign-in: ${response.body}`);
  return memberClient(app, memberCookieFrom(response), address);
}
