import { GOOGLE_MESSAGES } from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import { retryDelayMs } from '../../lib/back-off.js';
import { AppError } from '../../lib/errors.js';
import { createPollLoop } from '../../lib/poll-loop.js';
import * as outbox from './write-outbox.js';
import type { ClaimedWrite } from './write-outbox.js';
import type { ReservationWriter } from './write-reservation.js';

/** Attempts of one write before it is `failed` (back-off doubling from 30 s, ≤ 5 min). */
export const GOOGLE_WRITE_MAX_ATTEMPTS = 10;
const RETRY = { maxAttempts: GOOGLE_WRITE_MAX_ATTEMPTS, retryBaseMs: 30_000 };
/** A claimed write is not claimed again for this long (a crashed sender's are retried). */
export const GOOGLE_WRITE_LEASE_MS = 5 * 60_000;
const CLAIM_LIMIT = 50;

export interface GoogleWriteDispatcherDeps {
  db: Database;
  writeReservation: ReservationWriter;
  log: { info(o: unknown, m: string): void; error(o: unknown, m: string): void };
  pollMs: number;
  clock?: () => Date;
}

/** What the settings screen says of a failed write (the provider's kinds, in Japanese). */
function reasonOf(error: unknown): string {
  if (error instanceof AppError) return error.message;
  return GOOGLE_MESSAGES.unavailable;
}

/**
 * Sends the Google Calendar outbox (decision 0295) in the API process or `npm run worker`, on
 * the shared poll loop (decision 0290): claimed with
 * SKIP LOCKED and a lease, one sender per reservation, each written as the reservation is then
 * (so a move after a create lands as the move), retried with back-off. A write Google refuses for
 * want of the events scope is not retried: it waits for the account to be connected again.
 */
export function createGoogleWriteDispatcher(deps: GoogleWriteDispatcherDeps) {
  const clock = deps.clock ?? (() => new Date());

  function claim(now = clock()) {
    return outbox.claimWrites(
      deps.db,
      now,
      new Date(now.getTime() + GOOGLE_WRITE_LEASE_MS),
      CLAIM_LIMIT,
    );
  }

  /** One claimed write: Google, then the outbox row settled. */
  async function deliver(row: ClaimedWrite): Promise<void> {
    try {
      await deps.writeReservation(row.salon_id, row.reservation_id);
    } catch (error) {
      const attempts = row.attempts + 1;
      const forbidden = error instanceof AppError && error.statusCode === 403;
      const retryAt =
        forbidden || attempts >= GOOGLE_WRITE_MAX_ATTEMPTS
          ? null
          : new Date(clock().getTime() + retryDelayMs(RETRY, attempts, {}));
      await outbox.settleFailed(deps.db, row, reasonOf(error), retryAt);
      deps.log.error(
        { reservationId: row.reservation_id, attempts, err: reasonOf(error) },
        'google calendar reservation write failed',
      );
      return;
    }
    await outbox.settleWritten(deps.db, row);
  }

  async function runOnce(): Promise<number> {
    const claimed = await claim();
    for (const row of claimed) await deliver(row);
    return claimed.length;
  }

  const loop = createPollLoop({
    // A full claim means more is waiting: the next round follows at once.
    round: async () => (await runOnce()) >= CLAIM_LIMIT,
    pollMs: deps.pollMs,
    onError: (error) => deps.log.error({ err: error }, 'google write dispatcher failed'),
    waitFirst: true,
  });

  return {
    runOnce,
    /** The two halves of `runOnce`, for a test of a sender that dies between them. */
    claim,
    deliver,
    start: () => loop.start(),
    stop: () => loop.stop(),
  };
}

export type GoogleWriteDispatcher = ReturnType<typeof createGoogleWriteDispatcher>;
