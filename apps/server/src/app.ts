import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { defaultWebDistDir, secretsKeyOf, type Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { seedDemo } from './db/seed.js';
import type { Database } from './db/types.js';
import type { MemberRequestService } from './modules/salon-reservations/member-requests.js';
import { authRoutes } from './modules/auth/routes.js';
import { createAuthService } from './modules/auth/service.js';
import { roleRoutes } from './modules/roles/routes.js';
import { catalogRoutes } from './modules/salon-catalog/routes.js';
import { createCatalogService } from './modules/salon-catalog/service.js';
import { configRoutes } from './modules/salon-configs/routes.js';
import { createConfigService } from './modules/salon-configs/service.js';
import { createFakeGoogleProvider } from './modules/google-calendar/fake-provider.js';
import { createGoogleProvider } from './modules/google-calendar/google-provider.js';
import type { GoogleCalendarProvider } from './modules/google-calendar/provider.js';
import { googleCalendarRoutes } from './modules/google-calendar/routes.js';
import { createTokenVault } from './modules/google-calendar/token-vault.js';
import { createSecretBox } from './lib/secret-box.js';
import {
  createGoogleCalendarService,
  type GoogleCalendarService,
} from './modules/google-calendar/service.js';
import { createRealtimeHub } from './modules/realtime/hub.js';
import { createEventPublisher } from './modules/realtime/publisher.js';
import { realtimeRoutes } from './modules/realtime/routes.js';
import { createBlockTimeService } from './modules/salon-reservations/block-times.js';
import { createMemberRequestService } from './modules/salon-reservations/member-requests.js';
import { reservationRoutes } from './modules/salon-reservations/routes.js';
import {
  createReservationCore,
  createReservationService,
} from './modules/salon-reservations/service.js';
import { shiftRoutes } from './modules/salon-shifts/routes.js';
import { createShiftService } from './modules/salon-shifts/service.js';
import { createSalonReadCache } from './modules/salons/read-cache.js';
import { salonRoutes } from './modules/salons/routes.js';
import { createSalonService } from './modules/salons/service.js';
import { surveyRoutes } from './modules/surveys/routes.js';
import { telRoutes } from './modules/tel/routes.js';
import { lineWebhookRoutes } from './modules/tel/webhook-routes.js';
import { authPlugin } from './plugins/auth.js';
import { csrfPlugin } from './plugins/csrf.js';
import { errorsPlugin } from './plugins/errors.js';
import { openApiPlugin } from './plugins/openapi.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { webStaticPlugin } from './plugins/web-static.js';
import { acceptEmptyJsonBodies } from './plugins/json-body.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** LISTEN on the same database (PostgreSQL NOTIFY or PGlite's in-process one). */
    dbListen: DatabaseHandle['listen'];
    /** The member side of reservations (booking page later; tests and the demo use it). */
    memberRequests: MemberRequestService;
    /** Google Calendar links; `.provider` is the in-memory fake unless Google is configured. */
    googleCalendar: GoogleCalendarService;
  }
}

/**
 * Builds the whole application — database, plugins and routes — without listening, so tests
 * call `inject()` on exactly what production runs. Closing the app closes the database.
 */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  acceptEmptyJsonBodies(app);

  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolMax: config.DB_POOL_MAX,
  });
  app.addHook('onClose', () => database.close());
  try {
    await database.migrate();
    if (config.SEED_DEMO && (await seedDemo(database.db, config.DEMO_PASSWORD))) {
      app.log.info('demo data seeded');
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  app.decorate('db', database.db);
  app.decorate('dbListen', database.listen);
  const hub = createRealtimeHub({ db: database.db, listen: database.listen, log: app.log });
  await hub.start();
  // Open event streams end before the server waits for its connections to close.
  app.addHook('preClose', () => hub.close());

  const policy = {
    idleMs: config.SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
  };
  const auth = createAuthService({ db: database.db, policy });

  await app.register(cookie);
  await app.register(securityHeadersPlugin);
  await app.register(errorsPlugin);
  await app.register(
    csrfPlugin,
    config.PUBLIC_ORIGIN ? { publicOrigin: config.PUBLIC_ORIGIN } : {},
  );
  await app.register(authPlugin, { auth });
  await app.register(openApiPlugin);

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  await app.register(authRoutes, { auth, policy });
  await app.register(roleRoutes, { db: database.db });
  await app.register(surveyRoutes, { db: database.db });
  await app.register(telRoutes, { db: database.db, sender: config.TEL_SENDER });
  await app.register(lineWebhookRoutes, {
    db: database.db,
    channelSecret: config.LINE_CHANNEL_SECRET,
  });

  const salons = createSalonService({ db: database.db });
  const catalog = createCatalogService({ db: database.db });
  const configs = createConfigService({ db: database.db });
  await app.register(salonRoutes, { salons, catalog });
  await app.register(configRoutes, { salons, configs, publicOrigin: config.PUBLIC_ORIGIN });
  await app.register(catalogRoutes, { salons, catalog });
  const readCache = createSalonReadCache({
    maxBytes: config.SALON_READ_CACHE_MB * 1024 * 1024,
  });
  await app.register(shiftRoutes, {
    salons,
    shifts: createShiftService({ db: database.db }),
    readCache,
  });
  const core = createReservationCore({
    db: database.db,
    publish: createEventPublisher(database.db, app.log),
  });
  app.decorate('memberRequests', createMemberRequestService(core));
  await app.register(realtimeRoutes, { salons, hub, auth, debug: config.REALTIME_DEBUG });
  await app.register(reservationRoutes, {
    salons,
    reservations: createReservationService(core),
    blockTimes: createBlockTimeService({ db: database.db }),
    readCache,
  });

  const provider: GoogleCalendarProvider =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? await createGoogleProvider({
          clientId: config.GOOGLE_CLIENT_ID,
          clientSecret: config.GOOGLE_CLIENT_SECRET,
          apiBase: config.GOOGLE_API_BASE,
        })
      : createFakeGoogleProvider();
  app.log.info({ provider: provider.kind }, 'google calendar provider');
  const googleCalendar = createGoogleCalendarService({
    db: database.db,
    provider,
    log: app.log,
    vault: createTokenVault(createSecretBox(secretsKeyOf(config))),
  });
  app.decorate('googleCalendar', googleCalendar);
  await app.register(googleCalendarRoutes, {
    salons,
    google: googleCalendar,
    publicOrigin: config.PUBLIC_ORIGIN,
    redirectUri: config.GOOGLE_REDIRECT_URI,
  });

  await app.register(webStaticPlugin, { root: config.WEB_DIST_DIR ?? defaultWebDistDir() });
  return app;
}
