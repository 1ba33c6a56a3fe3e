import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LineErrorDetail } from '@tsunagu/contracts';
import { accounts } from './accounts.js';
import { members } from './members.js';
import { salonReservations } from './salon-reservations.js';

/**
 * Push messages to friends (`POST /v2/bot/message/push`, decision 0130; multicasts, 0166), queued and sent by the
 * line-push dispatcher. `retry_key` is the `X-Line-Retry-Key` of every attempt of the row, so a
 * retry after a timeout is never delivered twice. `dedupe_key` (per account) makes an enqueue
 * idempotent: the online actions and the day-before reminder name what they send with it.
 * `state`: queued → sending (under a lease) → sent | failed | skipped | unknown (送信結果不明: its
 * retry key expired, decision 0187), or withdrawn while queued (the contracts' LINE_PUSH_STATES).
 * A fan-out row (`member_ids` and `render_aliases`, decision 0226) goes queued → expanded when the
 * dispatcher has written its one push per friend; it is never sent itself nor shown.
 */
export const linePushes = pgTable(
  'line_pushes',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** A push to one friend; null for a multicast. */
    memberId: integer().references(() => members.id, { onDelete: 'cascade' }),
    /**
     * A multicast (`POST /v2/bot/message/multicast`, decision 0166): up to 500 friends, those
     * still following when it is sent. Null for a push to one friend.
     */
    memberIds: integer().array(),
    messages: jsonb().notNull(),
    /**
     * The messages hold aliases to render with the friend's values when sent (decision 0166).
     * With `member_ids`: a fan-out row of personalised pushes (decision 0226).
     */
    renderAliases: boolean().notNull().default(false),
    dedupeKey: text(),
    retryKey: text().notNull(),
    state: text().notNull().default('queued'),
    attempts: smallint().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp({ withTimezone: true }),
    reason: text().notNull().default(''),
    /** LINE's `details[]` of a refused request (property and message, decision 0185). */
    details: jsonb().$type<LineErrorDetail[]>().notNull().default([]),
    /** When the latest attempt was claimed. */
    attemptedAt: timestamp({ withTimezone: true }),
    /**
     * When LINE may first have taken the retry key (an attempt that timed out, was dropped,
     * answered 5xx or outlived its lease); null while every answer said it was not taken. A row
     * whose key was used more than 24 hours ago is never sent again (decision 0187).
     */
    keyUsedAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    /**
     * A reply token to try before pushing (the greeting on follow, decision 0254): used once, by
     * the first claim, while `reply_until` has not passed; a reply LINE refuses falls back to the
     * push with the retry key.
     */
    replyToken: text(),
    replyUntil: timestamp({ withTimezone: true }),
    /**
     * The お知らせ (notifications.id) this push belongs to (decision 0221): with member_id /
     * member_ids it says which friends each お知らせ reached (the chat shows it as the shop's
     * message). No foreign key: a broadcast inserts 100,000 rows in one statement and a per-row
     * check would cost seconds; only drafts (which have no pushes) can be deleted.
     */
    notificationId: integer(),
    /** LINE's `x-line-request-id` of the accepted request (its statistics, decision 0221). */
    lineRequestId: text(),
    /**
     * A narrowcast to every friend (decision 0227): `member_ids` empty (so the counters' trigger
     * adds no friends for it), sent with `POST /v2/bot/message/narrowcast`; once accepted its
     * `progress` is polled until LINE's phase is succeeded or failed.
     */
    narrowcast: boolean().notNull().default(false),
    /** LINE's latest `progress/narrowcast` answer, and `polls` made so far. */
    progress: jsonb().$type<Record<string, unknown>>(),
    /** When the progress is next asked for. */
    progressCheckAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('line_pushes_dedupe_per_account').on(table.accountId, table.dedupeKey),
    // The claim reads due rows off this index only (sent rows are not in it).
    index('line_pushes_due')
      .on(table.nextAttemptAt, table.id)
      .where(sql`${table.state} = 'queued'`),
    index('line_pushes_sending')
      .on(table.leaseUntil)
      .where(sql`${table.state} = 'sending'`),
    index('line_pushes_member_idx').on(table.memberId),
    // A friend's chat thread reads the multicasts that reached them (issue 24).
    index('line_pushes_member_ids_idx').using('gin', table.memberIds),
    index('line_pushes_notification_idx')
      .on(table.notificationId)
      .where(sql`${table.notificationId} is not null`),
    check(
      'line_pushes_one_or_many',
      sql`(${table.narrowcast} and ${table.memberId} is null and cardinality(${table.memberIds}) = 0)
        or (not ${table.narrowcast} and (${table.memberId} is null) <> (${table.memberIds} is null)
          and (${table.memberIds} is null or cardinality(${table.memberIds}) between 1 and 500))`,
    ),
    // Accepted narrowcasts whose progress is still to be read (decision 0227).
    index('line_pushes_narrowcast_progress')
      .on(table.progressCheckAt)
      .where(
        sql`${table.narrowcast} and ${table.state} = 'sent' and ${table.progressCheckAt} is not null`,
      ),
    // Fan-out rows waiting to become one push per friend (decision 0226): the dispatcher's
    // expansion reads only these, never the queued pushes.
    index('line_pushes_fan_out_due')
      .on(table.nextAttemptAt, table.id)
      .where(
        sql`${table.state} = 'queued' and ${table.renderAliases} and ${table.memberIds} is not null`,
      ),
  ],
);

/**
 * Which online action already ran for which customer booking (decision 0131): one row per
 * reservation and action type, written before the action runs, so a retry never runs it twice.
 */
export const onlineActionRuns = pgTable(
  'online_action_runs',
  {
    reservationId: integer()
      .notNull()
      .references(() => salonReservations.id, { onDelete: 'cascade' }),
    actionType: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.reservationId, table.actionType] })],
);
