import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/types.js';
import { createStaffDispatcher } from './dispatcher.js';
import { mailerFromConfig, type Mailer } from './mailer.js';
import { staffNotifyRoutes } from './routes.js';
import { createStaffNotifyService } from './service.js';

/**
 * Telling the staff (issue 26, decisions 0280–0284): staff notices are `operator_notices` rows
 * (decision 0252) with one outbox delivery per operator × channel; the bell, e-mail (SMTP) and
 * the operator's own LINE. Routes under `/api`.
 */
export async function staffNotifyModule(api: FastifyInstance) {
  await api.register(staffNotifyRoutes, {
    service: createStaffNotifyService({
      db: api.db,
      emailAvailable: mailerFromConfig(api.config) !== null,
    }),
  });
}

/** The dispatcher of e-mail and LINE deliveries (server.ts, worker.ts). */
export function staffDispatcherFromConfig(
  db: Database,
  config: Config,
  log: Parameters<typeof createStaffDispatcher>[0]['log'],
  options: { mailer?: Mailer | null; clock?: () => Date } = {},
) {
  return createStaffDispatcher({
    db,
    log,
    mailer: options.mailer === undefined ? mailerFromConfig(config) : options.mailer,
    digestSeconds: config.STAFF_MAIL_DIGEST_SECONDS,
    pollMs: config.STAFF_NOTIFY_POLL_MS,
    origin: config.PUBLIC_ORIGIN ?? null,
    ...(options.clock ? { clock: options.clock } : {}),
  });
}

export { createStaffDispatcher, STAFF_MAX_ATTEMPTS, type StaffDispatcher } from './dispatcher.js';
export { mailerFromConfig, type Mailer } from './mailer.js';
export { recordStaffNotice, fanOutStaffNotice, STAFF_NOTICE_EVENT } from './record.js';
export { recordSalonNotices } from './salon-notices.js';
export { recordChatNotices } from './chat-notices.js';
export { quietUntil } from './quiet-hours.js';
