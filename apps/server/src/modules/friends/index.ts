import type { FastifyInstance } from 'fastify';
import { lineProfiles } from '../line/index.js';
import { createProfileReader } from './profile-reader.js';
import { friendRoutes } from './routes.js';
import { createFriendsService } from './service.js';

export { recordFriendEvents } from './webhook.js';
export { createFriendsService, type FriendsService } from './service.js';
export { friendFilterWhere } from './repository.js';
export { friendByPhone, rememberFriendPhones } from './phones.js';

/**
 * The account's LINE friends (issue 13): recorded from its channel's webhook
 * (`recordFriendEvents`, wired into the line module in app.ts), their profiles read from LINE in
 * the background, listed under `/api/line/friends`.
 */
export async function friendsModule(api: FastifyInstance) {
  const reader = createProfileReader({
    db: api.db,
    lookup: lineProfiles(api.db, api.config),
    listen: api.dbListen,
    log: api.log,
  });
  api.addHook('onReady', () => reader.start());
  api.addHook('onClose', () => reader.stop());
  await api.register(friendRoutes, { friends: createFriendsService({ db: api.db }) });
}
