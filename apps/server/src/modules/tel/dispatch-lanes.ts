import { withDbRetry } from '../../db/retry.js';
import type { Database } from '../../db/types.js';
import { sendLeases } from '../line/index.js';
import { createClaimQueue, type ClaimQueue } from './dispatch-claim.js';
import {
  accountsWithDueMessages,
  completeSettledOrders,
  failUnsentMessagesOfAccount,
} from './dispatch-repository.js';
import type { DispatcherLog } from './dispatch-types.js';
import { createRateLimiter, type RateLimiter } from '../../lib/rate-limiter.js';

/** A sending lease lasts this long and is renewed a third of the way in (decision 0045). */
export const SEND_LEASE_SECONDS = 15;
const RENEW_EVERY_MS = 5_000;
/** A lane with nothing claimed for this long gives its channel back. */
const IDLE_MS = 1_000;

/** One account's channel, as long as this process holds its sending lease. */
export interface Lane {
  accountId: number;
  queue: ClaimQueue;
  limiter: RateLimiter;
  /** The channel access token to send with; null while the lane must not send (paused). */
  token: string | null;
  /** Requests of this lane in flight. */
  active: number;
  noteClaim(claimed: number): void;
  idleSince: number | null;
}

export type LaneLeases = ReturnType<typeof createLanes>;

/**
 * The dispatcher's lanes: one per account with due messages whose channel this process leased.
 * The lease (a row in line_send_leases, renewed while sending) makes sure no two processes send
 * for one channel, so the channel's own rate limiter is the only one that counts — across any
 * number of API and worker processes on one PostgreSQL.
 */
export function createLanes(deps: {
  db: Database;
  holder: string;
  ratePerSecond: number;
  prefetch: number;
  log: DispatcherLog;
  onGrant?: (at: number, accountId: number) => void;
}) {
  const { db, holder, log } = deps;
  const lanes = new Map<number, Lane>();
  let lastRenewal = 0;
  /** Where the next round of `inTurn` starts, so no lane always goes first. */
  let turn = 0;

  function open(accountId: number): Lane {
    const onGrant = deps.onGrant;
    let idleSince: number | null = null;
    const lane: Lane = {
      accountId,
      queue: createClaimQueue({ db, accountId, prefetch: deps.prefetch, log }),
      limiter: createRateLimiter(
        deps.ratePerSecond,
        onGrant ? { onGrant: (at) => onGrant(at, accountId) } : {},
      ),
      token: null,
      active: 0,
      get idleSince() {
        return idleSince;
      },
      noteClaim(claimed) {
        if (claimed > 0 || lane.queue.length > 0 || lane.active > 0) idleSince = null;
        else idleSince ??= Date.now();
      },
    };
    lanes.set(accountId, lane);
    return lane;
  }

  async function close(lane: Lane) {
    lane.token = null;
    lanes.delete(lane.accountId);
    await lane.queue.releaseAll();
    await withDbRetry(() => sendLeases.release(db, holder, [lane.accountId]));
  }

  async function renewIfDue() {
    if (Date.now() - lastRenewal < RENEW_EVERY_MS || lanes.size === 0) return;
    lastRenewal = Date.now();
    const held = [...lanes.keys()];
    const kept = new Set(
      await withDbRetry(() => sendLeases.renew(db, holder, held, SEND_LEASE_SECONDS)),
    );
    for (const accountId of held) {
      const lane = lanes.get(accountId);
      if (lane && !kept.has(accountId)) {
        log.warn({ accountId }, 'tel dispatcher: sending lease lost, channel given up');
        lane.token = null;
        lanes.delete(accountId);
        await lane.queue.releaseAll();
      }
    }
  }

  return {
    /** Renews held leases when due, and opens a lane for every account with due messages. */
    async refresh() {
      await renewIfDue();
      for (const accountId of await withDbRetry(() => accountsWithDueMessages(db))) {
        if (lanes.has(accountId)) continue;
        const leased = await withDbRetry(() =>
          sendLeases.acquire(db, accountId, holder, SEND_LEASE_SECONDS),
        );
        if (leased) open(accountId);
      }
    },
    all: () => [...lanes.values()],
    /** The lanes in turn, starting one further each time (round-robin over request slots). */
    inTurn(): Lane[] {
      const list = [...lanes.values()];
      if (list.length === 0) return list;
      turn = (turn + 1) % list.length;
      return [...list.slice(turn), ...list.slice(0, turn)];
    },
    queued: () => [...lanes.values()].reduce((total, lane) => total + lane.queue.length, 0),
    /** The account has no channel any more: its unsent messages fail with `reason`. */
    async failUnsent(lane: Lane, reason: string) {
      const failed = await withDbRetry(() =>
        db.transaction(async (tx) => {
          const count = await failUnsentMessagesOfAccount(tx, lane.accountId, reason);
          await completeSettledOrders(tx);
          return count;
        }),
      );
      if (failed > 0) log.warn({ accountId: lane.accountId, failed }, 'tel dispatcher: no channel');
      await close(lane);
    },
    /** Lanes with nothing to do for a while give their channel back. */
    async dropIdle() {
      const now = Date.now();
      for (const lane of [...lanes.values()]) {
        const idle = lane.idleSince;
        if (lane.active === 0 && lane.queue.length === 0 && idle !== null && now - idle >= IDLE_MS)
          await close(lane);
      }
    },
    async closeAll() {
      for (const lane of [...lanes.values()]) await close(lane);
    },
  };
}
