import pino from 'pino';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { runningEmbeddedUrl } from './db/embedded-data-dir.js';
import { isUserFacing } from './db/user-facing.js';
import { touchThreadsOfPushes } from './modules/chats/index.js';
import { createEpisodeScheduler } from './modules/episodes/index.js';
import { googleWriteDispatcherFromConfig } from './modules/google-calendar/index.js';
import { createJourneyScheduler } from './modules/journeys/index.js';
import { createWebhookEventProcessor } from './modules/line/index.js';
import { lineWebhookHandlers } from './line-webhook-handlers.js';
import { createPushQueue, pushDispatcherFromConfig } from './modules/line-push/index.js';
import { createFriendMessageRenderer } from './modules/message-rendering/index.js';
import { createNotificationScheduler } from './modules/notifications/index.js';
import { staffDispatcherFromConfig } from './modules/staff-notify/index.js';
import { eventWorkerFromConfig } from './modules/events/index.js';
import { adSenderFromConfig } from './modules/ad-connect/index.js';
import { createReminderScheduler } from './modules/online-actions/index.js';
import { createActionRunPruner } from './modules/actions/index.js';
import {
  richMenuAudienceSyncFromConfig,
  richMenuPublisherFromConfig,
} from './modules/rich-menus/index.js';
import { telDispatcherFromConfig } from './modules/tel/index.js';
import { autoReplyWorkerFromConfig } from './modules/ai/index.js';

/**
 * `npm run worker`: the notification message and push message dispatchers, the rich menu
 * publisher, the day-before reminders, the episodes' steps, the journeys, the automatic answers and the LINE webhook events (beside the API's own
 * processor, decision 0195) as their own process: on DATABASE_URL, or beside `npm start` on the
 * cluster of its data folder (the same DATA_DIR).
 * Any number may run side by side (claims use FOR UPDATE SKIP LOCKED); run the API with
 * TEL_DISPATCH_IN_PROCESS=false then. TEL_RATE_LIMIT applies per process.
 */
async function main() {
  const config = loadConfig();
  // Without DATABASE_URL: the embedded cluster the server of the same DATA_DIR runs.
  const databaseUrl = config.DATABASE_URL ?? runningEmbeddedUrl(config.DATA_DIR);
  const log = pino({ level: config.LOG_LEVEL, name: 'tel-worker' });
  const database = await openDatabase({
    databaseUrl,
    dataDir: config.DATA_DIR,
    poolMax: config.DB_POOL_MAX,
  });
  await database.migrate();
  const dispatcher = telDispatcherFromConfig(database.db, config, log, database.listen);
  const pushes = pushDispatcherFromConfig(database.db, config, log, database.listen, (ids) =>
    touchThreadsOfPushes(database.db, ids),
  );
  const richMenus = richMenuPublisherFromConfig(database.db, config, log, database.listen);
  const richMenuAudience = richMenuAudienceSyncFromConfig(database.db, config, log);
  const actionRuns = createActionRunPruner({ db: database.db, log });
  const renderMessage = createFriendMessageRenderer(database.db, config.PUBLIC_ORIGIN);
  const reminders = createReminderScheduler({
    db: database.db,
    pushes: createPushQueue(),
    log,
    renderMessage,
  });
  const episodes = createEpisodeScheduler({
    db: database.db,
    pushes: createPushQueue(),
    log,
    renderMessage,
  });

  const journeys = createJourneyScheduler({
    db: database.db,
    pushes: createPushQueue(),
    log,
    rendererFor: (executor) => createFriendMessageRenderer(executor, config.PUBLIC_ORIGIN),
  });
  const notifications = createNotificationScheduler({
    db: database.db,
    pushes: createPushQueue(),
    log,
    everyMs: config.NOTIFICATION_POLL_MS,
  });
  // Staff notices by e-mail and LINE (issue 26, decision 0280).
  const staff = staffDispatcherFromConfig(database.db, config, log);
  // Reservations' Google Calendar writes (decision 0295).
  const googleWrites = await googleWriteDispatcherFromConfig({ db: database.db, config, log });
  // Event reminders and waitlist offers (issue 27, decision 0312).
  const eventWork = eventWorkerFromConfig(database.db, config, log);
  // Automatic answers to friends (issue 31, decision 0356), beside the API's own worker.
  const autoReplies = autoReplyWorkerFromConfig(database.db, config, log, {
    listen: database.listen,
  });
  // Conversions sent back to ad platforms (issue 30, decision 0441).
  const adSender = adSenderFromConfig(database.db, config, log);
  const webhookEvents = createWebhookEventProcessor({
    db: database.db,
    handlers: lineWebhookHandlers(config),
    listen: database.listen,
    log,
  });

  let stopping = false;
  // A signal may come while the processor is still starting (its LISTEN): stop after that, or
  // closing the database under it would fail the start and the exit.
  let started: Promise<void> = Promise.resolve();
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'worker stopping');
    const timer = setTimeout(() => process.exit(1), 30_000);
    timer.unref();
    started
      .catch(() => {})
      .then(() =>
        Promise.all([
          dispatcher.stop(),
          pushes.stop(),
          richMenus.stop(),
          richMenuAudience.stop(),
          actionRuns.stop(),
          reminders.stop(),
          episodes.stop(),
          journeys.stop(),
          notifications.stop(),
          staff.stop(),
          googleWrites.stop(),
          eventWork.stop(),
          autoReplies.stop(),
          adSender.stop(),
          webhookEvents.stop(),
        ]),
      )
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'error during shutdown');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  dispatcher.start();
  pushes.start();
  richMenus.start();
  richMenuAudience.start();
  actionRuns.start();
  reminders.start();
  episodes.start();
  journeys.start();
  notifications.start();
  void staff.start();
  googleWrites.start();
  eventWork.start();
  void autoReplies.start();
  void adSender.start();
  started = webhookEvents.start();
  await started;
}

main().catch((error: unknown) => {
  console.error(isUserFacing(error) ? error.message : error);
  process.exit(1);
});
