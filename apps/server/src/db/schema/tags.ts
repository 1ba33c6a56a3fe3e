import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { members } from './members.js';

/** Groups of an account's friend tags (issue 13, decision 0120); `order` begins at 1. */
export const tagGroups = pgTable(
  'tag_groups',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    order: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('tag_groups_name_per_account').on(table.accountId, table.name)],
);

/**
 * An account's friend tags. `group_id` null: not in a group (未分類). A name is unique within
 * its group of the account (null group counted as one group, hence the coalesce).
 */
export const tags = pgTable(
  'tags',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    groupId: integer().references(() => tagGroups.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    order: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('tags_name_per_group').on(
      table.accountId,
      sql`coalesce(${table.groupId}, 0)`,
      table.name,
    ),
    index('tags_group_idx').on(table.groupId),
  ],
);

/** Which friend has which tag; goes with the tag or the friend. */
export const memberTags = pgTable(
  'member_tags',
  {
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.tagId] }),
    // The friends list's tag filter and the per-tag counts read by tag.
    index('member_tags_tag_idx').on(table.tagId, table.memberId),
  ],
);
