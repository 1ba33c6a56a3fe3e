import type { FastifyInstance } from 'fastify';
import type { PagePreload } from '../../plugins/page-preload.js';
import { SESSION_COOKIE } from './session-token.js';

/** One domain's resources for a signed-in operator's page (REF-08), by key. */
export type SignedInPreload = (accountId: number) => Promise<Record<string, unknown>>;

/**
 * The console's page preload (decision 0144): the session is read once, then every domain's
 * part runs side by side and their keys are merged. No live session: nothing is preloaded (the
 * sign-in page needs none, and nobody else's data is ever in the page).
 */
export function signedInPagePreload(api: FastifyInstance, parts: SignedInPreload[]): PagePreload {
  return async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    const auth = token ? await api.sessions.authenticate(token) : undefined;
    if (!auth) return {};
    const resources = await Promise.all(parts.map((part) => part(auth.accountId)));
    return Object.assign({}, ...resources) as Record<string, unknown>;
  };
}
