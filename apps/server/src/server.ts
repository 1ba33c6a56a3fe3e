import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { isUserFacing } from './db/user-facing.js';
import { releaseStartUpMemory } from './lib/release-start-up-memory.js';
import { DEMO_LOGIN_IDS } from './modules/auth/index.js';
import { touchThreadsOfPushes } from './modules/chats/index.js';
import { createEpisodeScheduler } from './modules/episodes/index.js';
import { googleWriteDispatcherFromConfig } from './modules/google-calendar/index.js';
import { createJourneyScheduler } from './modules/journeys/index.js';
import { createPushQueue, pushDispatcherFromConfig } from './modules/line-push/index.js';
import { createFriendMessageRenderer } from './modules/message-rendering/index.js';
import { createNotificationScheduler } from './modules/notifications/index.js';
import { staffDispatcherFromConfig } from './modules/staff-notify/index.js';
import { adSenderFromConfig } from './modules/ad-connect/index.js';
import { eventWorkerFromConfig } from './modules/events/index.js';
import { createReminderScheduler } from './modules/online-actions/index.js';
import { createActionRunPruner } from './modules/actions/index.js';
import {
  richMenuAudienceSyncFromConfig,
  richMenuPublisherFromConfig,
} from './modules/rich-menus/index.js';
import { telDispatcherFromConfig } from './modules/tel/index.js';

/** Process entry: configuration, listen, and a graceful shutdown on SIGINT/SIGTERM. */
async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  if (config.TEL_DISPATCH_IN_PROCESS) {
    // Notification messages are sent from this process unless `npm run worker` does it.
    const dispatcher = telDispatcherFromConfig(app.db, config, app.log, app.dbListen);
    app.addHook('onClose', () => dispatcher.stop());
    app.addHook('onReady', async () => dispatcher.start());
    // Push messages to friends (online actions, reminders) go from the same process.
    const pushes = pushDispatcherFromConfig(app.db, config, app.log, app.dbListen, (ids) =>
      touchThreadsOfPushes(app.db, ids),
    );
    app.addHook('onClose', () => pushes.stop());
    app.addHook('onReady', async () => pushes.start());
    // Rich menus are published to LINE from the same process (decision 0260).
    const richMenus = richMenuPublisherFromConfig(app.db, config, app.log, app.dbListen);
    app.addHook('onClose', () => richMenus.stop());
    app.addHook('onReady', async () => richMenus.start());
    // Who sees which rich menu is kept true once a minute (decision 0300).
    const richMenuAudience = richMenuAudienceSyncFromConfig(app.db, config, app.log);
    app.addHook('onClose', () => richMenuAudience.stop());
    app.addHook('onReady', async () => richMenuAudience.start());
    // Old finished action runs go after the redelivery window (decision 0302).
    const actionRuns = createActionRunPruner({ db: app.db, log: app.log });
    app.addHook('onClose', () => actionRuns.stop());
    app.addHook('onReady', async () => actionRuns.start());
    const reminders = createReminderScheduler({
      db: app.db,
      pushes: createPushQueue(),
      log: app.log,
      renderMessage: createFriendMessageRenderer(app.db, config.PUBLIC_ORIGIN),
    });
    app.addHook('onClose', () => reminders.stop());
    app.addHook('onReady', async () => reminders.start());
    const episodes = createEpisodeScheduler({
      db: app.db,
      pushes: createPushQueue(),
      log: app.log,
      renderMessage: createFriendMessageRenderer(app.db, config.PUBLIC_ORIGIN),
    });
    app.addHook('onClose', () => episodes.stop());
    app.addHook('onReady', async () => episodes.start());
    const journeys = createJourneyScheduler({
      db: app.db,
      pushes: createPushQueue(),
      log: app.log,
      rendererFor: (executor) => createFriendMessageRenderer(executor, config.PUBLIC_ORIGIN),
    });
    app.addHook('onClose', () => journeys.stop());
    app.addHook('onReady', async () => journeys.start());
    // Scheduled お知らせ: claimed with SKIP LOCKED, so beside workers too (decision 0222).
    const notifications = createNotificationScheduler({
      db: app.db,
      pushes: createPushQueue(),
      log: app.log,
      everyMs: config.NOTIFICATION_POLL_MS,
    });
    app.addHook('onClose', () => notifications.stop());
    app.addHook('onReady', async () => notifications.start());
    // Staff notices by e-mail and LINE (issue 26): SKIP LOCKED claims, so beside workers too.
    const staff = staffDispatcherFromConfig(app.db, config, app.log);
    app.addHook('onClose', () => staff.stop());
    app.addHook('onReady', async () => {
      void staff.start();
    });
    // Reservations' Google Calendar writes (decision 0295): SKIP LOCKED claims, beside workers.
    const googleWrites = await googleWriteDispatcherFromConfig({
      db: app.db,
      config,
      log: app.log,
    });
    app.addHook('onClose', () => googleWrites.stop());
    app.addHook('onReady', async () => googleWrites.start());
    // Conversions sent back to ad platforms (issue 30): SKIP LOCKED claims, beside workers.
    const adSender = adSenderFromConfig(app.db, config, app.log);
    app.addHook('onClose', () => adSender.stop());
    app.addHook('onReady', async () => adSender.start());
    // Event reminders and waitlist offers (issue 27): SKIP LOCKED claims, so beside workers too.
    const eventWork = eventWorkerFromConfig(app.db, config, app.log);
    app.addHook('onClose', () => eventWork.stop());
    app.addHook('onReady', async () => eventWork.start());
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests finish; a stuck close must not keep the process forever.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  // The start-up's garbage (migrations, seed, routes) goes soon, not after a minute (0515).
  releaseStartUpMemory();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const host = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  const lines = [`つなぐ を起動しました: http://${host}:${port}/`];
  if (config.TEL_SENDER === 'dry-run') {
    lines.push('通知メッセージ: ドライラン（TEL_SENDER=dry-run、実際には送信されません）');
  }
  if (config.LINE_PUSH_SENDER === 'dry-run') {
    lines.push(
      'プッシュメッセージ: ドライラン（LINE_PUSH_SENDER=dry-run、実際には送信されません）',
    );
  }
  if (config.SEED_DEMO) {
    lines.push(
      `デモ用ログイン（ローカル専用）: ${DEMO_LOGIN_IDS.owner} / ${DEMO_LOGIN_IDS.staff} / ${DEMO_LOGIN_IDS.otherAccount}、パスワード: ${
        process.env.DEMO_PASSWORD ? '(DEMO_PASSWORD の値)' : config.DEMO_PASSWORD
      }`,
    );
  }
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(isUserFacing(error) ? error.message : error);
  process.exit(1);
});
