import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { LineErrorDetail } from '@tsunagu/contracts';
import { accounts } from './accounts.js';

/** Notification message templates (TEL-67): `body` is LINE message JSON with [param_N]. */
export const telTemplates = pgTable(
  'tel_templates',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('tel_templates_account_idx').on(table.accountId, table.id)],
);

/** An order (TEL-14): 0 draft, 1 ordered, 2 in progress, 3 done, -1 cancelled. */
export const telOrders = pgTable(
  'tel_orders',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    status: smallint().notNull().default(0),
    description: text().notNull().default(''),
    /**
     * Counters kept in the same statements that settle messages (dispatcher), so the list
     * (TEL-06/07) never aggregates millions of message rows.
     */
    countAll: integer().notNull().default(0),
    countSuccess: integer().notNull().default(0),
    countFailed: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    orderedAt: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    check('tel_orders_status_check', sql`${table.status} in (0, 1, 2, 3, -1)`),
    index('tel_orders_account_idx').on(table.accountId, table.id),
    // The dispatcher looks only at orders being sent.
    index('tel_orders_active_idx')
      .on(table.id)
      .where(sql`${table.status} in (1, 2)`),
  ],
);

/**
 * One message (TEL-24): 1 before sending, 2 processing, 3 sent, -2 failed, -3 cannot send.
 * `nextAttemptAt` is when the dispatcher may claim it (the scheduled time, later after a
 * retryable error); `processingStartedAt` is the lease of a claimed message.
 */
export const telMessages = pgTable(
  'tel_messages',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    // No foreign keys here, on purpose: a per-row key check costs more than the insert itself
    // on a 100,000-row upload (docs/decisions/0020-tel-upload.md). Messages are only written
    // together with their order in one transaction, and a trigger (migration 0002) deletes them
    // with their order, which is what the cascade would have done.
    accountId: integer().notNull(),
    orderId: integer().notNull(),
    scheduledAt: timestamp({ withTimezone: true }).notNull(),
    status: smallint().notNull().default(1),
    /** Domestic form for display (`09012345678`). */
    tel: text().notNull(),
    /** E.164 form (`+819012345678`), hashed with SHA-256 for LINE. */
    telE164: text('tel_e164').notNull(),
    /** 0 = invalid template number: the message ends as cannot send (-3). */
    templateId: integer().notNull(),
    params: jsonb().$type<Record<string, string>>().notNull().default({}),
    sentAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    failureReason: text(),
    /** LINE's `details[]` of a refused request (property and message, decision 0185). */
    failureDetails: jsonb().$type<LineErrorDetail[]>(),
    attempts: smallint().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull(),
    processingStartedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    check('tel_messages_status_check', sql`${table.status} in (1, 2, 3, -2, -3)`),
    // One index serves the detail list (order_id), and the dispatcher's claim of due messages
    // (order_id, status = 1, next_attempt_at <= now, in next_attempt_at, id order: with `id` in
    // the key the claim reads only the rows it takes instead of sorting every due message).
    index('tel_messages_order_idx').on(table.orderId, table.status, table.nextAttemptAt, table.id),
    index('tel_messages_processing_idx')
      .on(table.processingStartedAt)
      .where(sql`${table.status} = 2`),
  ],
);
