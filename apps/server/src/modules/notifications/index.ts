import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/types.js';
import { lineParts } from '../line/index.js';
import { createPushQueue } from '../line-push/index.js';
import { createFriendMessageRenderer } from '../message-rendering/index.js';
import { notificationRoutes } from './routes.js';
import { createNotificationsService, type InsightLookup, type QuotaLookup } from './service.js';

/** LINE's month quota and message statistics through the account's channel. */
export function lineLookups(
  db: Database,
  config: Config,
): { quota: QuotaLookup; insight: InsightLookup } {
  const { client, credentials } = lineParts(db, config);
  const token = async (accountId: number) => {
    const sending = await credentials.forSending(accountId);
    return sending.kind === 'ready' ? sending.token : null;
  };
  return {
    async quota(accountId) {
      const ready = await token(accountId);
      return ready ? client.quota(ready) : null;
    },
    async insight(accountId, requestId) {
      const ready = await token(accountId);
      return ready ? client.messageEvent(ready, requestId) : null;
    },
  };
}

/** お知らせ (issue 24): `/api/line/notifications`, sent through the push queue (decision 0220). */
export async function notificationsModule(api: FastifyInstance) {
  const notifications = createNotificationsService({
    db: api.db,
    pushes: createPushQueue(),
    renderMessage: createFriendMessageRenderer(api.db, api.config.PUBLIC_ORIGIN),
    ratePerSecond: api.config.TEL_RATE_LIMIT,
    ...lineLookups(api.db, api.config),
  });
  await api.register(notificationRoutes, { prefix: '/line', notifications });
}
export { createNotificationScheduler, type NotificationScheduler } from './scheduler.js';
export { createNotificationsService } from './service.js';
export { seedDemoNotifications } from './seed.js';
export { seedDemoNotificationHistory } from './seed-history.js';
