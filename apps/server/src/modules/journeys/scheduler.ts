import type { Database, Executor } from '../../db/types.js';
import type { PushQueue } from '../line-push/index.js';
import type { RenderMessage } from '../message-aliases/index.js';
import { activeJourneys, enrol } from './enrolment.js';
import { createJourneyRunner } from './runner.js';

/** How often the running scheduler looks for new entries and waits that have ended. */
export const JOURNEY_EVERY_MS = 30_000;

/**
 * The journeys' scheduler (decision 0169): each pass enrols the friends the active journeys'
 * entries find, then advances every run whose time has come. All state is in the database, so
 * restarts lose nothing and several processes can run it side by side.
 */
export function createJourneyScheduler(deps: {
  db: Database;
  pushes: PushQueue;
  rendererFor: (executor: Executor) => RenderMessage;
  log: { error(entry: Record<string, unknown>, message: string): void };
  clock?: () => Date;
}) {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());
  const runner = createJourneyRunner(deps);

  async function runOnce() {
    const now = clock();
    let enrolled = 0;
    for (const journey of await activeJourneys(db)) enrolled += await enrol(db, journey, now);
    const { advanced, sent } = await runner.advanceDue();
    return { enrolled, advanced, sent };
  }

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running
      .then(runOnce)
      .catch((error: unknown) => deps.log.error({ err: error }, 'journeys: run failed'));
  };

  return {
    runOnce,
    runner,
    start() {
      if (timer) return;
      tick();
      timer = setInterval(tick, JOURNEY_EVERY_MS);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

export type JourneyScheduler = ReturnType<typeof createJourneyScheduler>;
