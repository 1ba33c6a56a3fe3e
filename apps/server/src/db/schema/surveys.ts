import { index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, operators } from './accounts.js';

export const surveyResponses = pgTable(
  'survey_responses',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    operatorId: integer()
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    score: smallint().notNull(),
    comment: text().notNull(),
    pagePath: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('survey_responses_account_idx').on(table.accountId)],
);
