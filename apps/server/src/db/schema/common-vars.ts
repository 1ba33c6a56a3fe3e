import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';

/** Folders of an account's common information (issue 13); `order` begins at 1. */
export const commonVarGroups = pgTable(
  'common_var_groups',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    order: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('common_var_groups_name_per_account').on(table.accountId, table.name)],
);

/**
 * One account-wide value (the shop's phone, a campaign's end date), inserted into messages by
 * its `code` ({{commonVar:code}}), so the code is unique in the account. `value` is text for
 * every type; the type says how it is entered and shown. `group_id` null: 未分類.
 */
export const commonVars = pgTable(
  'common_vars',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    groupId: integer().references(() => commonVarGroups.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    type: text().notNull(),
    code: text().notNull(),
    value: text().notNull().default(''),
    favorite: boolean().notNull().default(false),
    order: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('common_vars_code_per_account').on(table.accountId, table.code),
    index('common_vars_group_idx').on(table.groupId),
    check('common_vars_type_check', sql`${table.type} in ('text', 'number', 'date', 'url')`),
  ],
);
