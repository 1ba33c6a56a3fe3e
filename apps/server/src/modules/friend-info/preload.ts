import type { FastifyInstance } from 'fastify';
import type { SignedInPreload } from '../auth/index.js';
import { createVariaService } from './service.js';

/**
 * REF-08 (decision 0144): the signed-in operator's friend information items, written into the
 * console's HTML as the `varia` preloaded resource.
 */
export function variaPreload(api: FastifyInstance): SignedInPreload {
  const varia = createVariaService({ db: api.db });
  return async (accountId) => ({ varia: await varia.varia(accountId) });
}
