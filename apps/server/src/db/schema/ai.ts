import type { AiFeatures, AiPrice, AiQa, AiToolCall } from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { chatMessages } from './chats.js';
import { members } from './members.js';

/**
 * 生成AI設定 of an account (issue 31, decision 0350): one row per account. The API key is
 * sealed (lib/secret-box.ts, context `ai_settings.api_key`) and never answered.
 */
export const aiSettings = pgTable('ai_settings', {
  accountId: integer()
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  provider: text().notNull(),
  model: text().notNull(),
  baseUrl: text(),
  apiKeySealed: text(),
  features: jsonb().$type<AiFeatures>().notNull(),
  autoReplyWhen: text().notNull().default('outside_hours'),
  budgetYenMonth: integer().notNull().default(0),
  unknownModelPrice: jsonb().$type<AiPrice>().notNull(),
  tone: text().notNull().default(''),
  samples: jsonb().$type<string[]>().notNull().default([]),
  qas: jsonb().$type<AiQa[]>().notNull().default([]),
  handoffKeywords: jsonb().$type<string[]>().notNull().default([]),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One run of the model (or one refused before it): what was asked, called, answered and cost. */
export const aiRuns = pgTable(
  'ai_runs',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    memberId: integer().references(() => members.id, { onDelete: 'set null' }),
    kind: text().notNull(),
    question: text().notNull(),
    tools: jsonb().$type<AiToolCall[]>().notNull().default([]),
    answer: text().notNull().default(''),
    outcome: text().notNull(),
    reason: text(),
    inputTokens: integer().notNull().default(0),
    outputTokens: integer().notNull().default(0),
    costYen: doublePrecision().notNull().default(0),
    latencyMs: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ai_runs_account_idx').on(table.accountId, table.createdAt)],
);

/**
 * Automatic answers waiting or done (issue 31, decision 0356): one row per friend's text the
 * webhook stored while automatic answers were on (unique per message: a redelivered event
 * answers once). `pending` rows are claimed under a lease (`next_attempt_at` pushed ahead, SKIP
 * LOCKED); `done` holds the run's outcome, `failed` a send that did not go.
 */
export const aiAutoReplies = pgTable(
  'ai_auto_replies',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    messageId: bigint({ mode: 'number' })
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    /** pending → done | failed | dropped. */
    state: text().notNull().default('pending'),
    attempts: smallint().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    runId: integer().references(() => aiRuns.id, { onDelete: 'set null' }),
    /** The run's outcome (sent, handed_off, blocked) or why nothing ran. */
    outcome: text(),
    reason: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ai_auto_replies_message').on(table.messageId),
    index('ai_auto_replies_due')
      .on(table.nextAttemptAt)
      .where(sql`${table.state} = 'pending'`),
  ],
);
