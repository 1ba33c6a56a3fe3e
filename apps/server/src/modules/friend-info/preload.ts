import type { FastifyInstance } from 'fastify';
import type { PagePreload } from '../../plugins/page-preload.js';
import { SESSION_COOKIE } from '../auth/index.js';
import { createVariaService } from './service.js';

/**
 * REF-08 (decision 0144): the signed-in operator's friend information items, written into the
 * console's HTML as the `varia` preloaded resource. No live session: nothing is preloaded (the
 * sign-in page needs none, and nobody else's data is ever in the page).
 */
export function variaPreload(api: FastifyInstance): PagePreload {
  const varia = createVariaService({ db: api.db });
  return async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    const auth = token ? await api.sessions.authenticate(token) : undefined;
    if (!auth) return {};
    return { varia: await varia.varia(auth.accountId) };
  };
}
