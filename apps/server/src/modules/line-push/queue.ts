import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/types.js';
import { LINE_PUSH_CHANNEL } from './dispatcher.js';
import { renderedFailure } from './rendered-check.js';
import {
  insertNarrowcast,
  insertPush,
  insertPushesToMany,
  withdrawPushes,
} from './queue-writes.js';

/** A text message object of the Messaging API. */
export const textMessage = (text: string) => ({ type: 'text', text });

/**
 * The one way to message a friend (decision 0130): the online actions, the day-before reminder
 * and (issue 14) templates and journeys queue here, and the dispatcher sends. `dedupeKey` names
 * what is sent so a second enqueue of it (a retry, a second scheduler run) is a no-op. Messages
 * given to `enqueue` are final (rendered for the friend): they are checked with LINE's rules once
 * more, and a push LINE would refuse is stored failed, naming the friend and the field
 * (decision 0191), never sent.
 */
export function createPushQueue(deps: { clock?: () => Date } = {}) {
  const clock = deps.clock ?? (() => new Date());
  return {
    /** Queues messages for a member; answers the push id, or null when the key was queued before. */
    async enqueue(
      db: Executor,
      accountId: number,
      memberId: number,
      messages: unknown[],
      dedupeKey?: string,
      /** A reply token to try first (free), until `until`; a push otherwise (decision 0254). */
      reply?: { token: string; until: Date },
    ): Promise<number | null> {
      // Rendered for the friend already: checked again, and stored failed if LINE would refuse.
      const failed = await renderedFailure(db, accountId, memberId, messages);
      const id = await insertPush(
        db,
        {
          accountId,
          memberId,
          messages,
          dedupeKey: dedupeKey ?? null,
          ...(failed ? { failed } : {}),
          ...(reply ? { reply } : {}),
        },
        clock(),
      );
      // Wakes a listening dispatcher (delivered when the caller's transaction commits).
      if (id !== null && !failed) await db.execute(sql`select pg_notify(${LINE_PUSH_CHANNEL}, '')`);
      return id;
    },
    /**
     * Queues messages for every following friend of the account that `where` (a predicate on
     * `members`, e.g. a segment's) finds, in SQL (decision 0166): as multicasts of 500 friends,
     * or — when `personal`, the messages holding aliases — one push per friend, rendered with
     * that friend's values when sent. Answers how many friends and LINE requests.
     */
    async enqueueToMany(
      db: Executor,
      accountId: number,
      where: SQL,
      messages: unknown[],
      /** `notificationId`: the お知らせ the pushes belong to (decision 0221). */
      options: { personal: boolean; notificationId?: number },
    ) {
      const queued = await insertPushesToMany(db, accountId, where, messages, options, clock());
      if (queued.requests > 0) await db.execute(sql`select pg_notify(${LINE_PUSH_CHANNEL}, '')`);
      return queued;
    },
    /**
     * Queues one narrowcast to every friend of the account (decision 0227), for the お知らせ
     * `notificationId`; answers the push id.
     */
    async enqueueNarrowcast(
      db: Executor,
      accountId: number,
      messages: unknown[],
      notificationId: number,
    ) {
      const id = await insertNarrowcast(db, accountId, messages, notificationId, clock());
      await db.execute(sql`select pg_notify(${LINE_PUSH_CHANNEL}, '')`);
      return id;
    },
    /** Pushes of these keys still queued are not sent; answers how many were withdrawn. */
    withdraw: (db: Executor, accountId: number, dedupeKeys: string[]) =>
      withdrawPushes(db, accountId, dedupeKeys),
  };
}

export type PushQueue = ReturnType<typeof createPushQueue>;
