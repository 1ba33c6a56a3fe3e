import { withDbRetry } from '../../db/retry.js';
import type { DatabaseHandle } from '../../db/client.js';
import type { Database } from '../../db/types.js';
import { createPollLoop } from '../../lib/poll-loop.js';
import { createRateLimiter, type RateLimiter } from '../../lib/rate-limiter.js';
import type { ProfileLookup } from '../line/index.js';
import {
  claimWantedProfiles,
  FRIEND_PROFILES_CHANNEL,
  saveProfile,
  wantProfiles,
} from './profile-repository.js';

interface Log {
  warn(entry: Record<string, unknown>, message: string): void;
}

/** Profiles read at once (LINE's limit for the profile call is 2,000/s per channel). */
const CONCURRENCY = 8;
const RATE_PER_CHANNEL = 1_000;
const BATCH = 100;
/** A safety net beside the wake-up: profiles LINE could not give just now are tried again. */
const POLL_MS = 30_000;

/**
 * Reads friends' names and icons from LINE (`GET /v2/bot/profile/{userId}`) after the webhook
 * recorded them (issue 13) — never inside the webhook's transaction, so LINE's webhook call is
 * answered at once and a burst of follows is absorbed by the database first. Woken by
 * FRIEND_PROFILES_CHANNEL when a webhook wanted profiles, and every 30 s. Claims skip rows other
 * processes hold; a profile LINE could not give now is put back for the next round.
 */
export function createProfileReader(deps: {
  db: Database;
  lookup: (accountId: number, lineUserId: string) => Promise<ProfileLookup>;
  listen?: DatabaseHandle['listen'];
  log: Log;
}) {
  const { db, lookup, log } = deps;
  const limiters = new Map<number, RateLimiter>();

  const limiterOf = (accountId: number) => {
    let limiter = limiters.get(accountId);
    if (!limiter) {
      limiter = createRateLimiter(RATE_PER_CHANNEL);
      limiters.set(accountId, limiter);
    }
    return limiter;
  };

  async function readOne(friend: { id: number; accountId: number; lineUserId: string }) {
    const answered = await limiterOf(friend.accountId).acquire();
    let found: ProfileLookup;
    try {
      found = await lookup(friend.accountId, friend.lineUserId);
    } finally {
      answered();
    }
    if (found.kind === 'found') await withDbRetry(() => saveProfile(db, friend.id, found.profile));
    return found.kind;
  }

  /** Reads every wanted profile; stops early when LINE asks to come back later. */
  async function drain() {
    while (!loop.stopped) {
      const claimed = await withDbRetry(() => claimWantedProfiles(db, BATCH));
      if (claimed.length === 0) return;
      const later: number[] = [];
      for (let i = 0; i < claimed.length; i += CONCURRENCY) {
        const slice = claimed.slice(i, i + CONCURRENCY);
        const kinds = await Promise.all(
          slice.map((friend) =>
            readOne(friend).catch((error: unknown) => {
              log.warn({ err: error, memberId: friend.id }, 'friends: profile not read');
              return 'later' as const;
            }),
          ),
        );
        kinds.forEach((kind, index) => {
          if (kind === 'later') later.push(slice[index]!.id);
        });
      }
      if (later.length > 0) {
        await withDbRetry(() => wantProfiles(db, later));
        return;
      }
    }
  }

  const loop = createPollLoop({
    round: drain,
    pollMs: POLL_MS,
    onError: (error) => log.warn({ err: error }, 'friends: profile round failed'),
    listen: {
      to: deps.listen,
      channel: FRIEND_PROFILES_CHANNEL,
      onFailure: (error) => log.warn({ err: error }, 'friends: LISTEN failed, polling only'),
    },
  });

  return {
    start: () => loop.start(),
    /** Reads what is wanted now, and resolves when done (tests). */
    runUntilIdle: () => loop.runNow(),
    stop: () => loop.stop(),
  };
}
