import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { defaultWebDistDir, type Config } from './config.js';
import { openDatabase } from './db/client.js';
import { seedDemo } from './db/seed.js';
import type { Database } from './db/types.js';
import { authRoutes } from './modules/auth/routes.js';
import { createAuthService } from './modules/auth/service.js';
import { roleRoutes } from './modules/roles/routes.js';
import { surveyRoutes } from './modules/surveys/routes.js';
import { telRoutes } from './modules/tel/routes.js';
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

  await app.register(webStaticPlugin, { root: config.WEB_DIST_DIR ?? defaultWebDistDir() });
  return app;
}
