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

/** Folders of an account's message templates (issue 14, decision 0161); `order` from 1. */
export const templateGroups = pgTable(
  'template_groups',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    order: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('template_groups_name_per_account').on(table.accountId, table.name)],
);

/**
 * A message template: one to five LINE message objects in the Messaging API's shape (decision
 * 0161), `kind` saying which editor made it (`flex` needs the flex-message right).
 */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    groupId: integer().references(() => templateGroups.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    kind: text().notNull().default('standard'),
    messages: jsonb().$type<Record<string, unknown>[]>().notNull(),
    favorite: boolean().notNull().default(false),
    order: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('message_templates_account_group_idx').on(table.accountId, table.groupId, table.order),
    check('message_templates_kind_check', sql`${table.kind} in ('standard', 'flex')`),
    check(
      'message_templates_messages_check',
      sql`jsonb_typeof(${table.messages}) = 'array' and jsonb_array_length(${table.messages}) between 1 and 5`,
    ),
  ],
);
