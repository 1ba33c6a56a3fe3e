import type { Config } from '../../config.js';
import type { Database } from '../../db/types.js';
import { dryRunCredentials, lineParts } from '../line/index.js';
import type { DispatcherLog, DispatcherOptions, Listen } from './dispatch-types.js';
import { createTelDispatcher } from './dispatcher.js';
import { createDryRunSender, createLineSender, type Sender } from './sender.js';

/** The sender chosen by TEL_SENDER; each account's token comes with each message (decision 0045). */
export function senderFromConfig(config: Config, log: DispatcherLog): Sender {
  if (config.TEL_SENDER === 'line') {
    return createLineSender({
      apiBase: config.LINE_API_BASE,
      timeoutMs: config.TEL_REQUEST_TIMEOUT_MS,
      connections: config.TEL_CONCURRENCY,
    });
  }
  return createDryRunSender((entry, message) => log.info(entry, message));
}

export function dispatcherOptions(config: Config): DispatcherOptions {
  return {
    batchSize: config.TEL_BATCH_SIZE,
    concurrency: config.TEL_CONCURRENCY,
    pollMs: config.TEL_POLL_MS,
    leaseSeconds: config.TEL_LEASE_SECONDS,
    maxAttempts: config.TEL_MAX_ATTEMPTS,
    retryBaseMs: config.TEL_RETRY_BASE_MS,
    ratePerSecond: config.TEL_RATE_LIMIT,
  };
}

/** The notification message dispatcher as configured (in the API process or `npm run worker`). */
export function telDispatcherFromConfig(
  db: Database,
  config: Config,
  log: DispatcherLog,
  listen?: Listen,
) {
  return createTelDispatcher({
    db,
    sender: senderFromConfig(config, log),
    log,
    options: dispatcherOptions(config),
    credentials:
      config.TEL_SENDER === 'line' ? lineParts(db, config).credentials : dryRunCredentials,
    ...(listen ? { listen } : {}),
  });
}
