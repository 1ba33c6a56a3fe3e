import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts, operators } from './accounts.js';
import { linePushes } from './line-push.js';
import { members } from './members.js';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * The shop's own chat marks (issue 24, decision 0306; Lステップ's 対応マーク): a name and a colour,
 * set on a thread beside its state (未対応 / 対応中 / 対応済み), the inbox filtered by it.
 */
export const chatMarks = pgTable(
  'chat_marks',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    colour: text().notNull(),
    order: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('chat_marks_name_per_account').on(table.accountId, table.name)],
);

/**
 * A friend's chat thread (issue 24, decision 0230): one row per friend who wrote or was written
 * to from the chat, holding what the inbox lists without reading the messages — the state
 * (対応マーク), the assignee, the unread count for the team, and the last message's preview.
 * Written in the same transaction as the message that changes it.
 */
export const chatThreads = pgTable(
  'chat_threads',
  {
    memberId: integer()
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    state: text().notNull().default('unhandled'),
    /** The shop's own mark (decision 0306), beside the state; null: none. */
    markId: integer().references(() => chatMarks.id, { onDelete: 'set null' }),
    assigneeId: integer().references(() => operators.id, { onDelete: 'set null' }),
    unreadCount: integer().notNull().default(0),
    /** The last message's time (the thread's making, before any message). */
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastMessagePreview: text().notNull().default(''),
    lastMessageKind: text(),
    lastMessageDirection: text(),
    /** The latest message the friend sent (its reply token is the one a reply may use). */
    lastIncomingAt: timestamp({ withTimezone: true }),
    readAt: timestamp({ withTimezone: true }),
    /** Bumped on every state/assignee change (the board refuses a stale move with it). */
    version: integer().notNull().default(1),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The inbox's order: unread threads first, then the newest message; a page is read off it.
    index('chat_threads_inbox').on(
      table.accountId,
      sql`(${table.unreadCount} > 0) desc`,
      sql`${table.lastMessageAt} desc`,
      sql`${table.memberId} desc`,
    ),
    index('chat_threads_state').on(table.accountId, table.state, table.lastMessageAt),
    index('chat_threads_assignee').on(table.assigneeId),
    index('chat_threads_mark').on(table.markId),
    check(
      'chat_threads_state_check',
      sql`${table.state} in ('unhandled', 'in_progress', 'resolved')`,
    ),
  ],
);

/**
 * Messages of chat threads (decision 0230): every message event a friend sent (`in`, unique per
 * account on LINE's message id, so a redelivered event makes one row) and what operators sent
 * from the chat (`out`: by reply token, or as a push through line_pushes, `push_id`). Pushes of
 * journeys, episodes, templates and broadcasts stay in line_pushes and are read into the thread
 * beside these. `unsent_at`: the friend took it back (`unsend`); its content is no longer shown.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    direction: text().notNull(),
    kind: text().notNull(),
    /** LINE's message id (incoming). */
    lineMessageId: text(),
    webhookEventId: text(),
    text: text(),
    /** The message as LINE sent it (incoming) or as sent to LINE (outgoing). */
    payload: jsonb().notNull(),
    quoteToken: text(),
    quotedMessageId: text(),
    replyToken: text(),
    /** When a reply used the reply token (a token works once). */
    replyTokenUsedAt: timestamp({ withTimezone: true }),
    markAsReadToken: text(),
    unsentAt: timestamp({ withTimezone: true }),
    /** null: no media; pending → ready | too_large | failed; external (LINE gave a URL). */
    mediaState: text(),
    mediaAttempts: smallint().notNull().default(0),
    mediaNextAttemptAt: timestamp({ withTimezone: true }),
    /** 'friend', 'operator' (chat reply), … (the contracts' CHAT_SENDERS). */
    sender: text().notNull(),
    operatorId: integer().references(() => operators.id, { onDelete: 'set null' }),
    /** Outgoing: 'reply' or 'push'; the push's own state is line_pushes'. */
    via: text(),
    deliveryState: text(),
    deliveryReason: text().notNull().default(''),
    pushId: bigint({ mode: 'number' }).references(() => linePushes.id, { onDelete: 'set null' }),
    /** LINE's event time (incoming), or when it was sent (outgoing). */
    sentAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('chat_messages_line_id').on(table.accountId, table.lineMessageId),
    // A thread's page, newest first, read off this index.
    index('chat_messages_thread').on(
      table.memberId,
      sql`${table.sentAt} desc`,
      sql`${table.id} desc`,
    ),
    index('chat_messages_media_due')
      .on(table.mediaNextAttemptAt)
      .where(sql`${table.mediaState} = 'pending'`),
    // Search by text: the text's character pairs (chat_bigrams, a function the migration
    // makes; pg_trgm finds no trigrams in Japanese under the C locale), decision 0233.
    index('chat_messages_text_bigrams')
      .using('gin', sql`chat_bigrams(${table.text})`)
      .where(sql`${table.text} is not null`),
    index('chat_messages_push').on(table.pushId),
    check('chat_messages_direction_check', sql`${table.direction} in ('in', 'out')`),
  ],
);

/** The content of a friend's image, video, audio or file, fetched from LINE once (decision 0231). */
export const chatMedia = pgTable('chat_media', {
  messageId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => chatMessages.id, { onDelete: 'cascade' }),
  contentType: text().notNull(),
  size: integer().notNull(),
  bytes: bytea().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
