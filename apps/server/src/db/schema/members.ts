import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';

/** LINE friends of an account. Minimal for now: enough for a reservation to name its member. */
export const members = pgTable(
  'members',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    displayName: text().notNull(),
    iconUrl: text().notNull().default(''),
    lineUserId: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('members_account_idx').on(table.accountId, table.id)],
);
