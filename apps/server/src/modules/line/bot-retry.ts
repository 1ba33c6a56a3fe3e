import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/types.js';
import { retryDelayMs } from '../../lib/back-off.js';
import { AppError } from '../../lib/errors.js';
import * as repository from './repository.js';
import type { LineChannelService } from './service.js';

/**
 * LINE refused the channel's credentials (its token: 409, flagged for 確認; its id and secret:
 * 422 on channel_secret), or the stored secrets cannot be read: asking again will not help.
 * Anything else (unreachable, 5xx, 429) is worth another try.
 */
function refused(error: unknown): boolean {
  if (!(error instanceof AppError)) return false;
  return error.statusCode === 409 || (error.statusCode === 422 && !!error.errors?.channel_secret);
}

/**
 * Channels stored without their bot (the environment's channel when LINE could not be reached at
 * start, decision 0183) accept no webhook: the bot names the channel of a call. This asks LINE
 * again in the background, backing off (lib/back-off.ts, up to 5 minutes), until every such
 * channel's bot is known or LINE refused its credentials (then the channel waits for 確認).
 */
export function startBotRetry(deps: {
  db: Database;
  channels: LineChannelService;
  log: FastifyBaseLogger;
  retryBaseMs: number;
}): { stop(): Promise<void> } {
  const { db, channels, log } = deps;
  let attempts = 0;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const given = new Set<number>();

  /** One round over the channels without a bot; true when none is left to ask about. */
  async function round(): Promise<boolean> {
    let waiting = false;
    for (const { accountId } of await repository.channelsWithoutBot(db)) {
      if (given.has(accountId)) continue;
      try {
        if (await channels.fillBot(accountId))
          log.info(
            { accountId },
            'line: the channel’s bot is known now; its webhooks are accepted',
          );
        else {
          given.add(accountId);
          log.warn({ accountId }, 'line: the channel’s bot belongs to another account');
        }
      } catch (error) {
        if (!refused(error)) waiting = true;
        else {
          // LINE refused the channel's credentials: retrying will not help; 確認 after fixing.
          given.add(accountId);
          log.warn({ err: error, accountId }, 'line: the channel’s bot could not be asked');
        }
      }
    }
    return !waiting;
  }

  function schedule() {
    if (stopped) return;
    attempts += 1;
    const waitMs = retryDelayMs({ maxAttempts: 0, retryBaseMs: deps.retryBaseMs }, attempts, {});
    timer = setTimeout(() => {
      running = round()
        .catch((error: unknown) => {
          log.error({ err: error }, 'line: asking for channels’ bots failed');
          return false;
        })
        .then((done) => {
          if (done) return;
          log.warn(
            { attempts },
            'line: LINE still unreachable for a channel’s bot; asking again later',
          );
          schedule();
        });
    }, waitMs);
    timer.unref();
  }

  running = repository
    .channelsWithoutBot(db)
    .then((pending) => {
      if (pending.length > 0) schedule();
    })
    .catch((error: unknown) => log.error({ err: error }, 'line: channels without a bot unread'));
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running.catch(() => undefined);
    },
  };
}
