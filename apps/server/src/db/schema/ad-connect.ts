import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { members } from './members.js';

/**
 * An ad platform connection of an account (issue 30, decisions 0440–0444): one per platform
 * (`line` LINE広告 Conversion API, `meta` Conversions API, `google` Google Ads click
 * conversions). `state`: `pending` (saved, not yet usable — 未接続), `connected`, `error` (the
 * platform refused our credentials: sends paused), `paused` (停止 by the owner). `settings` holds
 * the non-secret ids (tag id, dataset id, customer id…); `secret` / `secret2` / `secret3` are
 * sealed (lib/secret-box.ts, like the LINE channel's), never returned. `mappings` is the
 * contracts' list of our event → the platform's event, value in JPY. `cursor` is the last
 * friend_events id the queue has read (decision 0441).
 */
export const adConnections = pgTable(
  'ad_connections',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    platform: text().notNull(),
    state: text().notNull().default('pending'),
    settings: jsonb().notNull().default({}),
    secret: text().notNull().default(''),
    secret2: text().notNull().default(''),
    secret3: text().notNull().default(''),
    mappings: jsonb().notNull().default([]),
    cursor: bigint({ mode: 'number' }).notNull().default(0),
    lastError: text(),
    oauthState: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ad_connections_platform_per_account').on(table.accountId, table.platform),
    check('ad_connections_platform_check', sql`${table.platform} in ('line', 'meta', 'google')`),
    check(
      'ad_connections_state_check',
      sql`${table.state} in ('pending', 'connected', 'error', 'paused')`,
    ),
  ],
);

/**
 * One conversion to send (decision 0442): once per connection × our event × friend (the unique
 * `dedup_key`, which is also the platform's event_id / deduplication key / order id, the same on
 * every retry). `state`: `pending`, `sent`, `rejected` (拒否: the platform answered 4xx, its
 * reason in `answer`), `failed` (retries spent). The click ids are read when it is queued.
 */
export const adConversions = pgTable(
  'ad_conversions',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    connectionId: integer()
      .notNull()
      .references(() => adConnections.id, { onDelete: 'cascade' }),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    eventKind: text().notNull(),
    friendEventId: bigint({ mode: 'number' }).notNull(),
    dedupKey: text().notNull(),
    payload: jsonb().notNull(),
    state: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    answer: text(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('ad_conversions_dedup').on(table.connectionId, table.dedupKey),
    index('ad_conversions_due_idx')
      .on(table.connectionId, table.nextAt)
      .where(sql`${table.state} = 'pending'`),
    check(
      'ad_conversions_state_check',
      sql`${table.state} in ('pending', 'sent', 'rejected', 'failed')`,
    ),
  ],
);

/** Every request to a platform and its answer (the send log, decision 0442). */
export const adSendLog = pgTable(
  'ad_send_log',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    connectionId: integer()
      .notNull()
      .references(() => adConnections.id, { onDelete: 'cascade' }),
    conversionId: integer().references(() => adConversions.id, { onDelete: 'cascade' }),
    status: integer().notNull(),
    answer: text().notNull().default(''),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ad_send_log_connection_idx').on(table.connectionId, table.id)],
);
