import type { DatabaseHandle } from '../db/client.js';

export interface PollLoopOptions {
  /**
   * One round of the worker's work. Answers true when more is due at once (a full batch was
   * claimed): the next round then starts without waiting.
   */
  round: () => Promise<boolean | void>;
  /** The idle sleep between rounds, and the back-off after a failed round. */
  pollMs: number;
  /** A failed round (the loop goes on after the back-off). */
  onError: (error: unknown) => void;
  /** A NOTIFY on `channel` wakes the loop at once; without `to` the loop only polls. */
  listen?: {
    to: DatabaseHandle['listen'] | undefined;
    channel: string;
    /** LISTEN could not be set up: the loop goes on polling. */
    onFailure: (error: unknown) => void;
  };
  /** Sleeps `pollMs` before the first round instead of starting with one. */
  waitFirst?: boolean;
}

/**
 * The loop every background worker of the server runs (tel, line push, rich menus, profiles,
 * webhook events, staff notices…): a round, then sleep until `pollMs` passed or someone nudges
 * it — a NOTIFY on its channel from any process, or a nudge in this process. A nudge that comes
 * while no one sleeps (mid-round) is remembered, so the next sleep returns at once and a
 * wake-up is never lost; a burst of nudges costs one extra round. Rounds never overlap, also
 * with `runNow`. A failed round is reported and retried after `pollMs`.
 */
export function createPollLoop(options: PollLoopOptions) {
  let running = false;
  /** stop() was called (not merely never started): long rounds end early. */
  let stopped = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  /** A nudge that came while nobody waited: the next wait returns at once. */
  let woken = false;
  let unlisten: (() => Promise<void>) | null = null;
  let inRound: Promise<boolean> | null = null;

  function nudge() {
    const resolve = wake;
    wake = null;
    if (resolve) resolve();
    else woken = true;
  }

  /** Sleeps `ms`, or less when nudged (one sleeper at a time). */
  function wait(ms: number): Promise<void> {
    if (woken) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        woken = false;
        resolve();
      };
    });
  }

  /** One round after the one in progress, if any; false when it failed (reported). */
  async function runRound(): Promise<boolean> {
    while (inRound) await inRound;
    const round = (async () => {
      try {
        return (await options.round()) === true;
      } catch (error) {
        options.onError(error);
        throw error;
      }
    })();
    const settled = round.catch(() => false);
    inRound = settled;
    try {
      return await round;
    } finally {
      // A waiter may already have started the next round.
      if (inRound === settled) inRound = null;
    }
  }

  async function runLoop() {
    if (options.waitFirst) await wait(options.pollMs);
    while (running) {
      let more = false;
      try {
        more = await runRound();
      } catch {
        // Reported by runRound; the back-off below.
      }
      if (running && !more) await wait(options.pollMs);
    }
  }

  async function startListening(listen: NonNullable<PollLoopOptions['listen']>) {
    if (!listen.to) return;
    try {
      const stop = await listen.to(listen.channel, () => nudge());
      if (running) unlisten = stop;
      else await stop();
    } catch (error) {
      listen.onFailure(error);
    }
  }

  return {
    /** Starts the loop; resolves once its LISTEN is in place (or failed, then it polls). */
    start(): Promise<void> {
      if (running) return Promise.resolve();
      running = true;
      stopped = false;
      const listening = options.listen ? startListening(options.listen) : Promise.resolve();
      loop = runLoop();
      return listening;
    },
    /** Ends the loop: the round in progress finishes, no other starts; stops listening. */
    async stop() {
      running = false;
      stopped = true;
      nudge();
      await loop;
      loop = null;
      await unlisten?.();
      unlisten = null;
    },
    /** Wakes the loop now (or right after the round in progress). */
    nudge,
    /** Sleeps like the loop does: `ms`, or until nudged (for a worker's own waits). */
    wait,
    /** One round now, after the one in progress; resolves when done (a failure is reported). */
    runNow: (): Promise<void> =>
      runRound().then(
        () => undefined,
        () => undefined,
      ),
    get running() {
      return running;
    },
    /** True once stop() was called: a round that loops over batches should end early. */
    get stopped() {
      return stopped;
    },
  };
}

export type PollLoop = ReturnType<typeof createPollLoop>;
