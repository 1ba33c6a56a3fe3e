import { contentGroupsModule } from './modules/content-groups/index.js';
import { trackersModule, trackersPublicModule } from './modules/trackers/index.js';
import { adConnectModule } from './modules/ad-connect/index.js';
import cookie from '@fastify/cookie';
import { PATH_PARAM_MAX_LENGTH } from '@tsunagu/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { defaultWebDistDir, type Config } from './config.js';
import { authModule, signedInPagePreload } from './modules/auth/index.js';
import type { GoogleCalendarProvider } from './modules/google-calendar/index.js';
import { operatorsModule } from './modules/operators/index.js';
import { rolesModule } from './modules/roles/index.js';
import { salonModule } from './modules/salon/index.js';
import { surveysModule } from './modules/surveys/index.js';
import { friendInfoModule, variaPreload } from './modules/friend-info/index.js';
import { commonVarsModule } from './modules/common-vars/index.js';
import { formsModule } from './modules/forms/index.js';
import { friendsCsvModule } from './modules/friends-csv/index.js';
import { friendsModule } from './modules/friends/index.js';
import { chatMediaFetcher, chatsModule } from './modules/chats/index.js';
import { messageImagesModule } from './modules/message-images/index.js';
import {
  createWebhookEventProcessor,
  lineModule,
  type WebhookEventProcessor,
} from './modules/line/index.js';
import { lineWebhookHandlers } from './line-webhook-handlers.js';
import { funnelsModule } from './modules/funnels/index.js';
import { memberQueriesModule } from './modules/member-queries/index.js';
import { tagsModule } from './modules/tags/index.js';
import { messageTemplatesModule } from './modules/message-templates/index.js';
import { notificationsModule } from './modules/notifications/index.js';
import { episodesModule } from './modules/episodes/index.js';
import { journeysModule } from './modules/journeys/index.js';
import { openApiModule } from './modules/open-api/index.js';
import { actionsModule } from './modules/actions/index.js';
import { richMenusModule } from './modules/rich-menus/index.js';
import {
  stopSendingForAccount,
  telConfigPreload,
  telModule,
  telSampleFileRoute,
} from './modules/tel/index.js';
import { apiDocsPlugin, openApiPlugin } from './plugins/openapi.js';
import type { PagePreload } from './plugins/page-preload.js';
import { csrfPlugin } from './plugins/csrf.js';
import { databasePlugin } from './plugins/database.js';
import { apiNotFound, errorsPlugin, frameworkErrors } from './plugins/errors.js';
import { acceptEmptyJsonBodies } from './plugins/json-body.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { textGuardPlugin } from './plugins/text-guard.js';
import { webStaticPlugin } from './plugins/web-static.js';
import { demoSeedPlugin } from './seed.js';
import { boardModule } from './modules/board/index.js';
import { accountStreamRoutes, createAccountEvents } from './modules/realtime/index.js';
import { staffNotifyModule } from './modules/staff-notify/index.js';
import { homeModule } from './modules/home/index.js';
import { eventsModule } from './modules/events/index.js';
import { aiModule, autoReplyWorkerFromConfig } from './modules/ai/index.js';
import { landingPagesModule, publicPagesModule } from './modules/landing-pages/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The LINE webhook event processor of this process (tests await it: `runUntilIdle`). */
    lineWebhookEvents: WebhookEventProcessor;
  }
}

/** What a caller may hand in instead of building it from the configuration. */
export interface AppParts {
  /** The Google Calendar provider (default: from GOOGLE_* — the real one, or the fake). */
  googleProvider?: GoogleCalendarProvider;
  /** The AI module's clock (default: the real time); tests fix "today". */
  clock?: () => Date;
}

/**
 * Builds the whole application without listening, so tests call `inject()` on exactly what
 * production runs. Plugins in order: the database, cross-cutting plugins, then `/api` — its
 * guards (CSRF, sign-in and access, text) and one plugin per domain — then the console's files.
 * Closing the app closes the database.
 */
export async function buildApp(config: Config, parts: AppParts = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Stated, not left to the default: the document's path parameters promise at most this.
    routerOptions: { maxParamLength: PATH_PARAM_MAX_LENGTH },
    frameworkErrors,
    // Starting the embedded database, migrating and seeding the demo can take longer than Fastify's default
    // 10 s per plugin on a slow or busy machine; a real hang still ends the start.
    pluginTimeout: 120_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  acceptEmptyJsonBodies(app);
  app.decorate('config', config);

  // Set once the API (and so the session service) is registered; the console's pages use it.
  let preload: PagePreload | undefined;
  try {
    await app.register(databasePlugin, { config });
    await app.register(demoSeedPlugin);
    await app.register(cookie);
    await app.register(securityHeadersPlugin);
    await app.register(errorsPlugin);
    await app.register(openApiPlugin);

    // Webhook events are recorded in the request and handled after it, here and in any worker.
    const webhookEvents = createWebhookEventProcessor({
      db: app.db,
      handlers: lineWebhookHandlers(config, { clock: parts.clock }),
      listen: app.dbListen,
      log: app.log,
    });
    app.decorate('lineWebhookEvents', webhookEvents);
    app.addHook('onReady', () => webhookEvents.start());
    app.addHook('onClose', () => webhookEvents.stop());
    // Friends' media (issue 24) is fetched from LINE after the webhook stored the message.
    chatMediaFetcher(app);
    // Automatic answers to friends (issue 31, decision 0356): queued by the webhook, answered
    // here at once (reply tokens live a minute) and by any `npm run worker` beside it.
    const autoReplies = autoReplyWorkerFromConfig(app.db, config, app.log, {
      clock: parts.clock,
      listen: app.dbListen,
    });
    app.decorate('aiAutoReplies', autoReplies);
    app.addHook('onReady', () => autoReplies.start());
    app.addHook('onClose', () => autoReplies.stop());

    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
    await app.register(
      async (api) => {
        api.setNotFoundHandler(apiNotFound);
        await api.register(csrfPlugin, { publicOrigin: config.PUBLIC_ORIGIN });
        await api.register(textGuardPlugin);
        await api.register(authModule);
        await api.register(apiDocsPlugin);
        await api.register(rolesModule, { prefix: '/operator_roles' });
        await api.register(operatorsModule, { prefix: '/operators' });
        await api.register(surveysModule, { prefix: '/surveys' });
        await api.register(telModule, { prefix: '/tel' });
        await api.register(lineModule, {
          webhookEvents,
          onDisconnect: stopSendingForAccount,
        });
        await api.register(friendsModule, { prefix: '/line/friends' });
        await api.register(friendsCsvModule, { prefix: '/line' });
        await api.register(tagsModule, { prefix: '/line' });
        const accountEvents = createAccountEvents({
          db: app.db,
          listen: app.dbListen,
          log: app.log,
        });
        await accountEvents.start();
        api.addHook('preClose', () => accountEvents.close());
        await api.register(accountStreamRoutes, { prefix: '/line', events: accountEvents });
        await api.register(boardModule, { prefix: '/line', events: accountEvents });
        await api.register(chatsModule, { prefix: '/line' });
        await api.register(messageImagesModule);
        await api.register(memberQueriesModule, { prefix: '/journey/member_queries' });
        await api.register(funnelsModule, { prefix: '/line/funnels' });
        await api.register(friendInfoModule);
        await api.register(commonVarsModule);
        await api.register(formsModule);
        preload = signedInPagePreload(api, [
          variaPreload(api),
          telConfigPreload(config.TEL_SENDER),
        ]);
        await api.register(salonModule, { googleProvider: parts.googleProvider });
        await api.register(messageTemplatesModule);
        await api.register(notificationsModule);
        await api.register(episodesModule);
        await api.register(journeysModule);
        await api.register(openApiModule, { prefix: '/open_api' });
        await api.register(actionsModule);
        await api.register(staffNotifyModule);
        await api.register(richMenusModule);
        await api.register(eventsModule);
        await api.register(homeModule);
        await api.register(landingPagesModule, { prefix: '/line' });
        await api.register(contentGroupsModule);
        await api.register(trackersModule);
        await api.register(adConnectModule, { prefix: '/line/ad_connections' });
        await api.register(aiModule, { clock: parts.clock });
      },
      { prefix: '/api' },
    );
    await app.register(telSampleFileRoute);
    await app.register(publicPagesModule);
    await app.register(trackersPublicModule);
    await app.register(webStaticPlugin, {
      root: config.WEB_DIST_DIR ?? defaultWebDistDir(),
      preload: async (request) => (preload ? preload(request) : {}),
    });
  } catch (error) {
    await app.close().catch(() => {});
    throw error;
  }
  return app;
}
