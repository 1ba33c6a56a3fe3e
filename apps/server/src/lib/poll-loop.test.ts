import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSharedListener } from '../db/shared-listener.js';
import { freshTestDatabase } from '../../test/helpers/test-database.js';
import { createPollLoop } from './poll-loop.js';

/** Long enough that only a wake-up can start the next round while a test runs. */
const NEVER_MS = 60 * 60_000;
const CHANNEL = 'tsunagu_poll_loop_test';

/** Rounds a test can wait for one by one (the n-th round's start). */
function countedRounds(work: (n: number) => Promise<boolean | void> = async () => {}) {
  let started = 0;
  const waiters = new Map<number, () => void>();
  return {
    get started() {
      return started;
    },
    round: async () => {
      started += 1;
      waiters.get(started)?.();
      return work(started);
    },
    /** Resolves when round `n` has started. */
    reached: (n: number) =>
      n <= started ? Promise.resolve() : new Promise<void>((resolve) => waiters.set(n, resolve)),
  };
}

describe('the poll loop of background workers', () => {
  let database: Awaited<ReturnType<typeof freshTestDatabase>>;
  let listener: ReturnType<typeof createSharedListener>;
  let notifier: pg.Client;

  beforeAll(async () => {
    database = await freshTestDatabase({ SEED_DEMO: false, DEMO_PASSWORD: '' });
    listener = createSharedListener(database.url);
    notifier = new pg.Client({ connectionString: database.url });
    await notifier.connect();
  });

  /** LISTEN on the test's channel over the shared listener (as the app's workers do). */
  const onChannel = () => ({
    to: (channel: string, onPayload: (payload: string) => void) =>
      listener.listen(channel, onPayload),
    channel: CHANNEL,
    onFailure: (error: unknown) => {
      throw error;
    },
  });

  afterAll(async () => {
    await notifier.end();
    await listener.close();
    await database.drop();
  });

  it('a NOTIFY on its channel from another connection starts the next round at once', async () => {
    const rounds = countedRounds();
    const loop = createPollLoop({
      round: rounds.round,
      pollMs: NEVER_MS,
      onError: (error) => {
        throw error;
      },
      listen: onChannel(),
    });
    await loop.start();
    await rounds.reached(1);
    await notifier.query(`NOTIFY ${CHANNEL}`);
    await rounds.reached(2);
    await loop.stop();
    expect(rounds.started).toBe(2);
  });

  it('stop() ends the loop: no round starts after it, however it is nudged', async () => {
    const rounds = countedRounds();
    const loop = createPollLoop({
      round: rounds.round,
      pollMs: NEVER_MS,
      onError: () => {},
      listen: onChannel(),
    });
    await loop.start();
    await rounds.reached(1);
    await loop.stop();
    loop.nudge();
    await notifier.query(`NOTIFY ${CHANNEL}`);
    // A round queued behind the stopped loop would run before this one.
    await loop.runNow();
    expect(rounds.started).toBe(2);
    expect(loop.running).toBe(false);
  });

  it('a failed round is reported and the loop goes on with the next', async () => {
    const failures: unknown[] = [];
    const rounds = countedRounds(async (n) => {
      if (n === 1) throw new Error('round 1 failed');
    });
    const loop = createPollLoop({
      round: rounds.round,
      pollMs: 1,
      onError: (error) => failures.push(error),
    });
    void loop.start();
    await rounds.reached(3);
    await loop.stop();
    expect(failures).toEqual([new Error('round 1 failed')]);
  });

  it('a round that says more is due is followed by the next without waiting', async () => {
    const rounds = countedRounds(async (n) => n < 3);
    const loop = createPollLoop({ round: rounds.round, pollMs: NEVER_MS, onError: () => {} });
    void loop.start();
    await rounds.reached(3);
    await loop.stop();
    expect(rounds.started).toBe(3);
  });

  it('a nudge that comes mid-round is not lost: one more round follows', async () => {
    let nudgeNow = () => {};
    const rounds = countedRounds(async (n) => {
      if (n === 1) nudgeNow();
    });
    const loop = createPollLoop({ round: rounds.round, pollMs: NEVER_MS, onError: () => {} });
    nudgeNow = () => {
      loop.nudge();
      loop.nudge();
    };
    void loop.start();
    await rounds.reached(2);
    await loop.stop();
    expect(rounds.started).toBe(2);
  });

  it('runNow never overlaps the round in progress', async () => {
    let release = () => {};
    let inRound = 0;
    let overlapped = false;
    const rounds = countedRounds(async (n) => {
      inRound += 1;
      if (inRound > 1) overlapped = true;
      if (n === 1) await new Promise<void>((resolve) => (release = resolve));
      inRound -= 1;
    });
    const loop = createPollLoop({ round: rounds.round, pollMs: NEVER_MS, onError: () => {} });
    void loop.start();
    await rounds.reached(1);
    const now = loop.runNow();
    release();
    await now;
    await loop.stop();
    expect(overlapped).toBe(false);
    expect(rounds.started).toBe(2);
  });
});
