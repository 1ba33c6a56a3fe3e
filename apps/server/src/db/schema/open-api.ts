import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { memberQueries } from './member-queries.js';
import { members } from './members.js';

/**
 * An account's open-API keys (decision 0170): only the SHA-256 of the secret is kept, with its
 * first characters to tell keys apart; a revoked key is kept for the call log.
 */
export const openApiKeys = pgTable(
  'open_api_keys',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    prefix: text().notNull(),
    secretHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('open_api_keys_secret').on(table.secretHash),
    index('open_api_keys_account_idx').on(table.accountId, table.id),
  ],
);

/** Calls per key per minute (the rate limit, shared by every process). */
export const openApiKeyWindows = pgTable(
  'open_api_key_windows',
  {
    keyId: integer()
      .notNull()
      .references(() => openApiKeys.id, { onDelete: 'cascade' }),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    calls: integer().notNull(),
  },
  (table) => [uniqueIndex('open_api_key_windows_pk').on(table.keyId, table.windowStart)],
);

/** TRG-01: a trigger reacts to the events named `event` that external systems post. */
export const openApiTriggers = pgTable(
  'open_api_triggers',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    event: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('open_api_triggers_event_idx').on(table.accountId, table.event)],
);

/**
 * TRG-02: what a trigger does for a friend the segment finds (every friend when the segment is
 * null): `action_type` with `action_id` the journey, template or tag; a null `action_id` only
 * records the event.
 */
export const openApiTriggerActions = pgTable(
  'open_api_trigger_actions',
  {
    id: serial().primaryKey(),
    triggerId: integer()
      .notNull()
      .references(() => openApiTriggers.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    actionType: text().notNull(),
    actionId: integer(),
    memberQueryId: integer().references(() => memberQueries.id, { onDelete: 'set null' }),
    isActive: boolean().notNull().default(true),
    order: integer().notNull(),
  },
  (table) => [
    index('open_api_trigger_actions_trigger_idx').on(table.triggerId, table.order),
    check(
      'open_api_trigger_actions_type_check',
      sql`${table.actionType} in ('journey', 'template', 'add_tag', 'remove_tag')`,
    ),
  ],
);

/**
 * The context store (TRG-11) and the call log: every event posted, with the friend it named
 * and what ran. `idempotency_key` makes a repeated post return the first answer.
 */
export const openApiEvents = pgTable(
  'open_api_events',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    keyId: integer().references(() => openApiKeys.id, { onDelete: 'set null' }),
    category: text().notNull().default('open_api'),
    event: text().notNull(),
    label: text().notNull().default(''),
    params: jsonb().$type<Record<string, unknown>>().notNull(),
    memberId: integer().references(() => members.id, { onDelete: 'set null' }),
    idempotencyKey: text(),
    /** What happened: the answer the caller got (replayed for the same idempotency key). */
    outcome: jsonb().$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('open_api_events_idempotency')
      .on(table.accountId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    index('open_api_events_account_idx').on(table.accountId, table.id),
  ],
);
