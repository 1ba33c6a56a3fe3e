import { createFriendMessageRenderer } from '../message-rendering/index.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/types.js';
import { dryRunCredentials, lineParts } from '../line/index.js';
import { renderMessages } from '../message-aliases/index.js';
import type { DispatcherLog, Listen } from '../tel/index.js';
import { createPushDispatcher } from './dispatcher.js';
import { createDryRunPushSender, createLinePushSender } from './sender.js';

/**
 * The push dispatcher as configured: LINE_PUSH_SENDER chooses dry-run or LINE (like TEL_SENDER);
 * timeouts, attempts, back-off, lease and rate are the notification messages' TEL_* settings.
 */
export function pushDispatcherFromConfig(
  db: Database,
  config: Config,
  log: DispatcherLog,
  listen?: Listen,
  /** The pushes LINE accepted in a round (decision 0246: the chat's inbox entries follow). */
  afterSent?: (pushIds: number[]) => Promise<void>,
) {
  const real = config.LINE_PUSH_SENDER === 'line';
  const renderMessage = createFriendMessageRenderer(db, config.PUBLIC_ORIGIN);
  return createPushDispatcher({
    db,
    sender: real
      ? createLinePushSender({
          apiBase: config.LINE_API_BASE,
          timeoutMs: config.TEL_REQUEST_TIMEOUT_MS,
        })
      : createDryRunPushSender((entry, message) => log.info(entry, message)),
    credentials: real ? lineParts(db, config).credentials : dryRunCredentials,
    options: {
      batchSize: 100,
      pollMs: config.TEL_POLL_MS,
      leaseSeconds: config.TEL_LEASE_SECONDS,
      maxAttempts: config.TEL_MAX_ATTEMPTS,
      retryBaseMs: config.TEL_RETRY_BASE_MS,
      ratePerSecond: config.TEL_RATE_LIMIT,
    },
    log,
    renderMessages: (accountId, memberId, messages) =>
      renderMessages(renderMessage, accountId, memberId, messages),
    ...(listen ? { listen } : {}),
    ...(afterSent ? { afterSent } : {}),
  });
}
