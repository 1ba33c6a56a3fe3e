import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';

/**
 * Member queries — segments (issue 13, decision 0145): a name and a condition (`match` and the
 * conditions as the contracts' `memberConditionSchema` spells them, validated on every write).
 */
export const memberQueries = pgTable(
  'member_queries',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    match: text().notNull(),
    conditions: jsonb()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('member_queries_account_idx').on(table.accountId, table.id)],
);
