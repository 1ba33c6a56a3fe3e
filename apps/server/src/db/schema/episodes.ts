import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { members } from './members.js';
import { messageTemplates } from './message-templates.js';
import { salons } from './salons.js';

/**
 * A salon's step messages (issue 14, EPI-01..08, decision 0167): type 10 an episode (around each
 * reservation), any other type a follow (after a follow or a visit). `hid_at`: deleted — kept,
 * never run again (EPI-08).
 */
export const episodes = pgTable(
  'episodes',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    type: smallint().notNull(),
    hidAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('episodes_account_idx').on(table.accountId, table.id)],
);

/**
 * One step: sent `offset_days` from its anchor at `at_time` (Tokyo), or at once when `at_time`
 * is null; the template's messages, then the tag changes. A deleted template leaves the step
 * without a message (nothing is sent for it; its tag changes still apply).
 */
export const episodeSteps = pgTable(
  'episode_steps',
  {
    id: serial().primaryKey(),
    episodeId: integer()
      .notNull()
      .references(() => episodes.id, { onDelete: 'cascade' }),
    order: integer().notNull(),
    anchor: text().notNull(),
    offsetDays: integer().notNull().default(0),
    atTime: text(),
    templateId: integer().references(() => messageTemplates.id, { onDelete: 'set null' }),
    addTagIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'`),
    removeTagIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'`),
  },
  (table) => [
    index('episode_steps_episode_idx').on(table.episodeId, table.order),
    check('episode_steps_anchor_check', sql`${table.anchor} in ('booked', 'visit', 'followed')`),
  ],
);

/** Which episode and follow a salon runs (EPI-05/06); one row per salon once set. */
export const salonEpisodes = pgTable('salon_episodes', {
  salonId: integer()
    .primaryKey()
    .references(() => salons.id, { onDelete: 'cascade' }),
  episodeId: integer().references(() => episodes.id, { onDelete: 'set null' }),
  followId: integer().references(() => episodes.id, { onDelete: 'set null' }),
  /** Since when: steps anchored before this are not sent (attaching never replays history). */
  episodeSince: timestamp({ withTimezone: true }),
  followSince: timestamp({ withTimezone: true }),
});

/**
 * An episode started for one friend by an action (issue 25, decision 0383): its steps are timed
 * from `started_at` — `booked` steps at once, `visit` steps on the start's Tokyo day + offset at
 * their time. `key` is the action's cause (`act:{cause}:{index}`), unique per account: a
 * redelivered event or a retried run starts nothing twice.
 */
export const episodeStarts = pgTable(
  'episode_starts',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    episodeId: integer()
      .notNull()
      .references(() => episodes.id, { onDelete: 'cascade' }),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('episode_starts_key_uq').on(table.accountId, table.key),
    index('episode_starts_started_idx').on(table.startedAt),
  ],
);
