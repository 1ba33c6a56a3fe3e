import type { FastifyBaseLogger } from 'fastify';
import { secretsKeyOf, type Config } from '../../config.js';
import type { Database } from '../../db/types.js';
import { createSecretBox } from '../../lib/secret-box.js';
import { createFakeGoogleProvider } from './fake-provider.js';
import { createGoogleProvider } from './google-provider.js';
import type { GoogleCalendarProvider } from './provider.js';
import { createGoogleCalendarService } from './service.js';
import { createTokenVault } from './token-vault.js';
import { createGoogleWriteDispatcher } from './write-dispatcher.js';

/**
 * The Google Calendar service as configured: the real provider when GOOGLE_CLIENT_ID and
 * GOOGLE_CLIENT_SECRET are set, else the in-memory fake (decision 0012) — or the provider given
 * (a caller that holds its own fake). Tokens are sealed with SECRETS_KEY (decision 0040).
 */
export async function googleCalendarFromConfig(deps: {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  provider?: GoogleCalendarProvider | undefined;
}) {
  const { config } = deps;
  const provider =
    deps.provider ??
    (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? await createGoogleProvider({
          clientId: config.GOOGLE_CLIENT_ID,
          clientSecret: config.GOOGLE_CLIENT_SECRET,
          apiBase: config.GOOGLE_API_BASE,
        })
      : createFakeGoogleProvider());
  deps.log.info({ provider: provider.kind }, 'google calendar provider');
  return createGoogleCalendarService({
    db: deps.db,
    provider,
    log: deps.log,
    vault: createTokenVault(createSecretBox(secretsKeyOf(config))),
  });
}

/**
 * The sender of reservations' Google writes (decision 0295; server.ts, worker.ts): the service
 * as configured writes each due outbox row.
 */
export async function googleWriteDispatcherFromConfig(deps: {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  provider?: GoogleCalendarProvider | undefined;
  clock?: () => Date;
}) {
  const google = await googleCalendarFromConfig(deps);
  return createGoogleWriteDispatcher({
    db: deps.db,
    writeReservation: google.writeReservation,
    log: deps.log,
    pollMs: deps.config.GOOGLE_WRITE_POLL_MS,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
}
