import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { members } from './members.js';

/** Folders of an account's journeys (JRN-02); `order` begins at 1. */
export const journeyGroups = pgTable(
  'journey_groups',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    order: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('journey_groups_name_per_account').on(table.accountId, table.name)],
);

/**
 * A journey (JRN-01, decision 0169): its entry and steps are JSON checked by the contracts'
 * schemas on every write. A deleted folder leaves its journeys in 未分類 (group null).
 * `activated_at`: when it was last switched on — entries older than that never enrol anyone.
 */
export const journeys = pgTable(
  'journeys',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    groupId: integer().references(() => journeyGroups.id, { onDelete: 'set null' }),
    name: text().notNull(),
    order: integer().notNull(),
    favorite: boolean().notNull().default(false),
    favoriteOrder: integer(),
    isActive: boolean().notNull().default(false),
    activatedAt: timestamp({ withTimezone: true }),
    entry: jsonb().$type<Record<string, unknown>>().notNull(),
    steps: jsonb().$type<Record<string, unknown>[]>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('journeys_account_idx').on(table.accountId, table.id),
    index('journeys_active_idx')
      .on(table.id)
      .where(sql`${table.isActive}`),
  ],
);

/** Journey tags (JRN-03): marks of where friends are, set by journey steps. */
export const journeyTags = pgTable(
  'journey_tags',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    order: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('journey_tags_name_per_account').on(table.accountId, table.name)],
);

/** Which friend a journey's step marked with which journey tag (JRN-25). */
export const journeyTagMembers = pgTable(
  'journey_tag_members',
  {
    journeyId: integer()
      .notNull()
      .references(() => journeys.id, { onDelete: 'cascade' }),
    journeyTagId: integer()
      .notNull()
      .references(() => journeyTags.id, { onDelete: 'cascade' }),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.journeyId, table.journeyTagId, table.memberId] }),
    index('journey_tag_members_tag_idx').on(table.journeyTagId),
  ],
);

/**
 * One friend walking one journey (decision 0169). `entry_key` names what enrolled them (the
 * segment once, a follow by its time, a reservation by its id, a trigger event by its id):
 * unique per journey and friend, so no entry enrols anyone twice. `step_index` is the next step
 * to run (0-based) once `due_at` has come; the run and its sends commit together.
 */
export const journeyRuns = pgTable(
  'journey_runs',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    journeyId: integer()
      .notNull()
      .references(() => journeys.id, { onDelete: 'cascade' }),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    entryKey: text().notNull(),
    stepIndex: integer().notNull().default(0),
    /** The step's wait began here (a wait counts from the moment it was reached, not from a late run). */
    dueAt: timestamp({ withTimezone: true }).notNull(),
    state: text().notNull().default('running'),
    /** Why it ended early (the friend blocked the account, the journey's branch let them go). */
    endReason: text(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('journey_runs_once').on(table.journeyId, table.memberId, table.entryKey),
    index('journey_runs_due')
      .on(table.dueAt)
      .where(sql`${table.state} = 'running'`),
    check('journey_runs_state_check', sql`${table.state} in ('running', 'finished', 'left')`),
  ],
);
