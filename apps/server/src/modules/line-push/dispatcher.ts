import { withDbRetry } from '../../db/retry.js';
import type { Database } from '../../db/types.js';
import type { RetryPolicy } from '../../lib/back-off.js';
import { createPollLoop } from '../../lib/poll-loop.js';
import type { CredentialSource, DispatcherLog, Listen } from '../tel/index.js';
import {
  claimDuePushes,
  requeueExpiredLeases,
  settlePush,
  type PushSettlement,
} from './repository.js';
import { expandFanOuts } from './fan-out.js';
import { countUnsentNarrowcast, pollNarrowcasts } from './narrowcast-progress.js';
import type { PushMessageSender } from './sender.js';
import { createPushSending, type RenderPushMessages } from './send-push.js';

export { BLOCKED_REASON, NO_FOLLOWERS_REASON, REPLIED_REASON } from './send-push.js';

/** The NOTIFY channel an enqueue wakes the dispatcher with. */
export const LINE_PUSH_CHANNEL = 'tsunagu_line_push';
/** Fan-out rows (500 friends each) turned into pushes per round, ahead of the claims. */
const FAN_OUTS_PER_ROUND = 2;

export interface PushDispatcherOptions extends RetryPolicy {
  batchSize: number;
  pollMs: number;
  leaseSeconds: number;
  /** Requests per second per channel, per process. */
  ratePerSecond: number;
}

/**
 * Sends queued push messages (decision 0130): claims due rows with SKIP LOCKED under a lease,
 * sends each through its account's channel token and that channel's rate limiter, and writes
 * the outcome. Every attempt of a row carries the row's retry key, so a row whose lease ran out
 * (its process died mid-request) is simply queued again. Network calls never run inside a
 * transaction. `clock` is the time every row is judged by (tests move it).
 */
export function createPushDispatcher(deps: {
  db: Database;
  sender: PushMessageSender;
  credentials: CredentialSource;
  options: PushDispatcherOptions;
  log: DispatcherLog;
  listen?: Listen;
  clock?: () => Date;
  renderMessages?: RenderPushMessages;
  /**
   * After a round's outcomes are written: the pushes LINE accepted, all at once (the chat moves
   * their friends' inbox entries, decision 0246). A failure is logged; the pushes stay sent.
   */
  afterSent?: (pushIds: number[]) => Promise<void>;
}) {
  const { db, sender, credentials, options, log } = deps;
  const clock = deps.clock ?? (() => new Date());
  const sendOne = createPushSending({ ...deps, clock });

  const retryAt = (ms: number) => new Date(clock().getTime() + ms);

  /** One round: requeue lost leases, claim due pushes, send them, write outcomes; how many. */
  async function runOnce(): Promise<number> {
    const now = clock();
    const lost = await withDbRetry(() => requeueExpiredLeases(db, now));
    if (lost > 0) log.warn({ pushes: lost }, 'line push: expired leases queued again');
    const made = await withDbRetry(() => expandFanOuts(db, now, FAN_OUTS_PER_ROUND));
    const claimed = await withDbRetry(() =>
      claimDuePushes(db, options.batchSize, now, retryAt(options.leaseSeconds * 1000)),
    );
    const sent: number[] = [];
    await Promise.all(
      claimed.map(async (push) => {
        let settlement: PushSettlement;
        try {
          settlement = await sendOne(push);
        } catch (error) {
          // Left sending, the lease expiry queues it again (same retry key).
          log.error({ err: error, pushId: push.id }, 'line push: unexpected error');
          return;
        }
        await withDbRetry(() => settlePush(db, settlement, clock()));
        if (settlement.state === 'sent') sent.push(settlement.id);
        if (push.recipient.kind === 'everyone' && !['queued', 'sent'].includes(settlement.state))
          await withDbRetry(() => countUnsentNarrowcast(db, push.id, settlement.reason ?? ''));
      }),
    );
    if (sent.length > 0 && deps.afterSent) {
      const afterSent = deps.afterSent;
      await withDbRetry(() => afterSent(sent)).catch((error: unknown) =>
        log.error({ err: error, pushes: sent.length }, 'line push: after-sent step failed'),
      );
    }
    // Accepted narrowcasts' progress (decision 0227).
    const polled = await withDbRetry(() =>
      pollNarrowcasts({ db, sender, credentials, now: clock() }),
    );
    return claimed.length + made + polled;
  }

  // A full batch: more is due at once. Otherwise the next round after the poll interval or
  // when a push is queued (NOTIFY).
  const loop = createPollLoop({
    round: async () => (await runOnce()) >= options.batchSize,
    pollMs: options.pollMs,
    onError: (error) => log.error({ err: error }, 'line push: loop error'),
    listen: {
      to: deps.listen,
      channel: LINE_PUSH_CHANNEL,
      onFailure: (error: unknown) =>
        log.warn({ err: error }, 'line push: LISTEN failed, polling only'),
    },
  });

  return {
    sender,
    runOnce,
    /** Sends everything due now (due again after a retry delay is left for a later round). */
    async runUntilIdle() {
      while ((await runOnce()) > 0);
    },
    start() {
      if (loop.running) return;
      log.info({ sender: sender.mode }, 'line push dispatcher started');
      void loop.start();
    },
    async stop() {
      await loop.stop();
      await sender.close?.();
    },
  };
}

export type PushDispatcher = ReturnType<typeof createPushDispatcher>;
