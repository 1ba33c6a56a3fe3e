import { CHAT_MEDIA_MAX_BYTES } from '@tsunagu/contracts';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client.js';
import { chatMedia, chatMessages } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { createPollLoop } from '../../lib/poll-loop.js';
import type { SendCredentials } from '../line/index.js';
import { fetchMessageContent } from './content-client.js';
import { announceChat } from './events.js';

/** Wakes the media fetchers of every process: a friend's media waits to be fetched. */
export const CHAT_MEDIA_CHANNEL = 'tsunagu_chat_media';

/** A claimed message is left to one fetcher this long (then another may take it). */
const LEASE_MS = 2 * 60_000;
const MAX_ATTEMPTS = 6;
const POLL_MS = 10_000;
const BATCH = 4;

interface Log {
  warn(entry: Record<string, unknown>, message: string): void;
  error(entry: Record<string, unknown>, message: string): void;
}

/**
 * Fetches the media friends sent from LINE's data API, once, in the background (decision 0231):
 * a pending message is claimed under a lease (`media_next_attempt_at` pushed ahead, SKIP
 * LOCKED), fetched with the account's token, and stored in `chat_media` in one transaction with
 * `media_state = 'ready'`. Past CHAT_MEDIA_MAX_BYTES it is `too_large`; what LINE no longer has
 * is `failed`; a busy or unreachable LINE is tried again (1 min, 2 min … , 6 times).
 */
export function createMediaFetcher(deps: {
  db: Database;
  dataApiBase: string;
  credentials: { forSending(accountId: number): Promise<SendCredentials> };
  listen?: DatabaseHandle['listen'];
  log: Log;
  maxBytes?: number;
}) {
  const { db, log } = deps;
  const maxBytes = deps.maxBytes ?? CHAT_MEDIA_MAX_BYTES;

  async function claim() {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.mediaState, 'pending'),
            lte(chatMessages.mediaNextAttemptAt, sql`now()`),
          ),
        )
        .orderBy(asc(chatMessages.mediaNextAttemptAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(chatMessages)
        .set({
          mediaNextAttemptAt: sql`now() + make_interval(secs => ${LEASE_MS / 1000})`,
          mediaAttempts: sql`${chatMessages.mediaAttempts} + 1`,
        })
        .where(
          inArray(
            chatMessages.id,
            due.map((row) => row.id),
          ),
        )
        .returning({
          id: chatMessages.id,
          account_id: chatMessages.accountId,
          member_id: chatMessages.memberId,
          line_message_id: chatMessages.lineMessageId,
          media_attempts: chatMessages.mediaAttempts,
        });
    });
  }

  async function settle(
    item: { id: number; account_id: number; member_id: number },
    state: 'ready' | 'too_large' | 'failed',
    content?: { contentType: string; bytes: Buffer },
  ) {
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(chatMessages)
        .set({ mediaState: state, mediaNextAttemptAt: null })
        .where(and(eq(chatMessages.id, item.id), eq(chatMessages.mediaState, 'pending')))
        .returning({ id: chatMessages.id });
      if (!updated) return;
      if (content)
        await tx
          .insert(chatMedia)
          .values({
            messageId: item.id,
            contentType: content.contentType,
            size: content.bytes.byteLength,
            bytes: content.bytes,
          })
          .onConflictDoNothing();
      await announceChat(tx, item.account_id, {
        type: 'media',
        friendId: item.member_id,
        messageId: `m${item.id}`,
      });
    });
  }

  async function later(id: number, attempts: number, reason: string) {
    if (attempts >= MAX_ATTEMPTS) {
      log.warn({ messageId: id, reason }, 'chat media given up');
      await db
        .update(chatMessages)
        .set({ mediaState: 'failed', mediaNextAttemptAt: null })
        .where(and(eq(chatMessages.id, id), eq(chatMessages.mediaState, 'pending')));
      return;
    }
    const delayMs = Math.min(60_000 * 2 ** (attempts - 1), 30 * 60_000);
    await db
      .update(chatMessages)
      .set({ mediaNextAttemptAt: new Date(Date.now() + delayMs) })
      .where(and(eq(chatMessages.id, id), eq(chatMessages.mediaState, 'pending')));
  }

  async function fetchOne(item: Awaited<ReturnType<typeof claim>>[number]) {
    const sending = await deps.credentials.forSending(item.account_id);
    if (sending.kind === 'none') return settle(item, 'failed');
    if (sending.kind !== 'ready') return later(item.id, item.media_attempts, sending.reason);
    const answer = await fetchMessageContent(
      deps.dataApiBase,
      sending.token,
      item.line_message_id ?? '',
      maxBytes,
    );
    if (answer.kind === 'ok') return settle(item, 'ready', answer);
    if (answer.kind === 'too_large') return settle(item, 'too_large');
    if (answer.kind === 'gone') return settle(item, 'failed');
    return later(item.id, item.media_attempts, answer.reason);
  }

  async function drain() {
    while (!loop.stopped) {
      const claimed = await claim();
      if (claimed.length === 0) return;
      await Promise.all(
        claimed.map((item) =>
          fetchOne(item).catch((error: unknown) =>
            log.error({ err: error, messageId: item.id }, 'chat media fetch failed'),
          ),
        ),
      );
    }
  }

  const loop = createPollLoop({
    round: drain,
    pollMs: POLL_MS,
    onError: (error) => log.error({ err: error }, 'chat media round failed'),
    listen: {
      to: deps.listen,
      channel: CHAT_MEDIA_CHANNEL,
      onFailure: (error) => log.warn({ err: error }, 'chat media: LISTEN failed, polling only'),
    },
  });

  return {
    start: () => loop.start(),
    /** Fetches every due medium, resolving when none is left (tests). */
    runUntilIdle: () => loop.runNow(),
    stop: () => loop.stop(),
  };
}

export type MediaFetcher = ReturnType<typeof createMediaFetcher>;
