import { sql } from 'drizzle-orm';
import {
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
import { messageTemplates } from './message-templates.js';

/**
 * An action set (issue 25, decision 0250): an ordered list of actions (contracts' `Action`),
 * stored once and referenced by postback buttons (and later rich menu areas) by id.
 */
export const actionSets = pgTable(
  'action_sets',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    actions: jsonb().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('action_sets_account_idx').on(table.accountId)],
);

/**
 * One run of a list of actions for one friend, keyed by its cause (`postback:{webhookEventId}`,
 * `follow:{friend}:{followed_at}`, `trigger:{event}:{action}`): the unique key makes a
 * redelivered webhook, a double tap or a retry run nothing twice. `done` counts the actions
 * finished, so a run taken up again resumes after them.
 */
export const actionRuns = pgTable(
  'action_runs',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    cause: text().notNull(),
    actionSetId: integer().references(() => actionSets.id, { onDelete: 'set null' }),
    /** The actions as they were when the run began (an edit of the set changes later runs). */
    actions: jsonb().notNull(),
    done: integer().notNull().default(0),
    /** Per action: 'ran' or why it did not ('target_missing', 'already', …). */
    results: jsonb().$type<string[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('action_runs_cause').on(table.accountId, table.cause)],
);

/** The account's per-account secret that signs postback data (sealed, decision 0251). */
export const actionSecrets = pgTable('action_secrets', {
  accountId: integer()
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  sealedSecret: text().notNull(),
});

/** What happens when someone follows the account (ROUTE-04, decision 0253). */
export const followSettings = pgTable(
  'follow_settings',
  {
    accountId: integer()
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    greetingTemplateId: integer().references(() => messageTemplates.id, { onDelete: 'set null' }),
    onUnblock: text().notNull().default('silent'),
    actions: jsonb().notNull().default([]),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('follow_settings_on_unblock_check', sql`${table.onUnblock} in ('greet', 'silent')`),
  ],
);

/** A console notice for the account's operators (the notify_operators action, decision 0252). */
export const operatorNotices = pgTable(
  'operator_notices',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    memberId: integer().references(() => members.id, { onDelete: 'set null' }),
    text: text().notNull(),
    /** The run's cause and action index: once per cause (`salon:{event}`, `chat:m{id}`: 0280). */
    key: text().notNull(),
    /** What happened (decision 0280): action, booking, request, change, cancel, message. */
    kind: text().notNull().default('action'),
    /** The console path it is about (a reservation, a chat), if any. */
    link: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('operator_notices_key').on(table.accountId, table.key)],
);
