import { sql } from 'drizzle-orm';
import {
  check,
  date,
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

/**
 * The follow-up board's columns of an account (issue 24, decision 0240). `order` begins at 1;
 * `limit` null: no limit; `chat_state` ties the column to one chat state (at most one column
 * per state).
 */
export const boardColumns = pgTable(
  'board_columns',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    colour: text().notNull(),
    order: integer().notNull(),
    limit: integer(),
    chatState: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('board_columns_name_per_account').on(table.accountId, table.name),
    uniqueIndex('board_columns_chat_state_per_account')
      .on(table.accountId, table.chatState)
      .where(sql`${table.chatState} is not null`),
    check('board_columns_limit_check', sql`${table.limit} is null or ${table.limit} > 0`),
  ],
);

/**
 * A friend on the board: one card per friend, in one column. `version` grows by one with every
 * change, so a move made on a stale copy is refused (409). The card's assignee is the chat
 * thread's (`chat_threads.assignee_id`, decision 0243): one assignee per friend.
 */
export const boardCards = pgTable(
  'board_cards',
  {
    memberId: integer()
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    columnId: integer()
      .notNull()
      .references(() => boardColumns.id, { onDelete: 'cascade' }),
    version: integer().notNull().default(1),
    dueDate: date({ mode: 'string' }),
    movedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('board_cards_column_idx').on(table.columnId, sql`${table.movedAt} desc`),
    index('board_cards_account_idx').on(table.accountId),
  ],
);
