import { lineParts } from '../../src/modules/line/index.js';
import { createLinePushSender, createPushDispatcher } from '../../src/modules/line-push/index.js';
import { createMessageRenderer, renderMessages } from '../../src/modules/message-aliases/index.js';
import type { FakeLine } from '../fakes/fake-line.js';
import type { TestApp } from './test-app.js';

const silent = { error() {}, warn() {}, info() {} };

/**
 * Sends every queued push to the fake LINE with the app's own dispatcher (its real sender,
 * credentials and alias rendering), until nothing is left: what the running app would do.
 */
export async function deliverQueuedPushes(
  t: TestApp,
  line: FakeLine,
  options: {
    /** The time the dispatcher judges rows by (a narrowcast's progress polls move with it). */
    clock?: () => Date;
    /** What the app runs after each round's sent pushes (the chat inbox, decision 0246). */
    afterSent?: (pushIds: number[]) => Promise<void>;
  } = {},
) {
  const renderMessage = createMessageRenderer({ db: t.app.db });
  const dispatcher = createPushDispatcher({
    db: t.app.db,
    sender: createLinePushSender({ apiBase: line.url, timeoutMs: 2000 }),
    credentials: lineParts(t.app.db, t.config).credentials,
    options: {
      batchSize: 50,
      pollMs: 1000,
      leaseSeconds: 60,
      maxAttempts: 3,
      retryBaseMs: 1000,
      ratePerSecond: 100,
    },
    log: silent,
    renderMessages: (accountId, memberId, messages) =>
      renderMessages(renderMessage, accountId, memberId, messages),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.afterSent ? { afterSent: options.afterSent } : {}),
  });
  await dispatcher.runUntilIdle();
}
