import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { members } from './members.js';

/** Folders of an account's friend information fields (issue 13, decision 0140); order from 1. */
export const varGroups = pgTable(
  'var_groups',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    order: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('var_groups_name_per_account').on(table.accountId, table.name)],
);

/**
 * A friend information field. `type` is fixed once created; `group_id` null: 未分類. The name
 * is unique in the account (message editors insert it by name, REF-15).
 */
export const varItems = pgTable(
  'var_items',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    groupId: integer().references(() => varGroups.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    type: text().notNull(),
    favorite: boolean().notNull().default(false),
    order: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('var_items_name_per_account').on(table.accountId, table.name),
    index('var_items_group_idx').on(table.groupId),
    check(
      'var_items_type_check',
      sql`${table.type} in ('text', 'number', 'date', 'choice', 'multi_choice')`,
    ),
  ],
);

/** The choices of a choice / multi_choice item, in order. */
export const varChoices = pgTable(
  'var_choices',
  {
    id: serial().primaryKey(),
    varId: integer()
      .notNull()
      .references(() => varItems.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    order: integer().notNull(),
  },
  (table) => [index('var_choices_var_idx').on(table.varId, table.order)],
);

/**
 * What a friend has in a field (decision 0143): one row per (friend, field) for text, number
 * and date, one row per chosen choice for choice and multi_choice — so segments filter every
 * type with a plain indexed comparison in SQL.
 */
export const memberVarValues = pgTable(
  'member_var_values',
  {
    id: serial().primaryKey(),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    varId: integer()
      .notNull()
      .references(() => varItems.id, { onDelete: 'cascade' }),
    textValue: text(),
    numberValue: doublePrecision(),
    dateValue: date({ mode: 'string' }),
    choiceId: integer().references(() => varChoices.id, { onDelete: 'cascade' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('member_var_values_one_per_choice').on(
      table.memberId,
      table.varId,
      sql`coalesce(${table.choiceId}, 0)`,
    ),
    index('member_var_values_text_idx').on(table.varId, table.textValue),
    index('member_var_values_number_idx').on(table.varId, table.numberValue),
    index('member_var_values_date_idx').on(table.varId, table.dateValue),
    index('member_var_values_choice_idx').on(table.choiceId, table.memberId),
  ],
);
