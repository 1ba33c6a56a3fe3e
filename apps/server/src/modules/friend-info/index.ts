import type { FastifyInstance } from 'fastify';
import { variaRoutes } from './routes.js';
import { createVariaService } from './service.js';
import { friendValuesRoutes } from './values-routes.js';
import { createFriendValuesService } from './values-service.js';

export { createVariaService } from './service.js';

/**
 * Friend information (issue 13, decisions 0140–0144): definitions under `/v_resource/varia` and
 * `/var`, a friend's values and reservations under `/line/friends/{id}`.
 */
export async function friendInfoModule(api: FastifyInstance) {
  await api.register(variaRoutes, { varia: createVariaService({ db: api.db }) });
  await api.register(friendValuesRoutes, { values: createFriendValuesService({ db: api.db }) });
}
export { variaPreload } from './preload.js';
export { friendValuesForMessage, type FriendValueForMessage } from './values-for-messages.js';
export { parseVarValue, type StoredValue } from './value-rules.js';
export {
  replaceValues as replaceFriendValues,
  itemsByIds as friendInfoItemsByIds,
} from './values-repository.js';
export { choicesOf as choicesOfVars, listItems as varItemsOf } from './repository.js';
export { seedDemoFriendInfo } from './seed.js';
