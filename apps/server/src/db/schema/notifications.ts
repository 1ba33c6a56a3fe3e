import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { messageTemplates } from './message-templates.js';

/**
 * お知らせ (issue 24, decision 0220): messages to every following friend, a segment's or those
 * with tags, now or at `send_at`. `state`: draft → scheduled → sending (queued as line_pushes
 * carrying this row's id, in the same transaction as the state change: exactly once) — shown as
 * sent / failed once its pushes are settled — or failed when nobody was left at its time.
 * `template_id`: the messages are the template's when queued; otherwise `messages`.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    state: text().notNull().default('draft'),
    templateId: integer().references(() => messageTemplates.id, { onDelete: 'set null' }),
    kind: text().notNull().default('standard'),
    messages: jsonb().$type<Record<string, unknown>[]>().notNull().default([]),
    /** `{ kind: 'all' | 'segment' | 'tags', … }` as the contracts' notificationAudienceSchema. */
    audience: jsonb().$type<Record<string, unknown>>().notNull(),
    sendAt: timestamp({ withTimezone: true }),
    queuedAt: timestamp({ withTimezone: true }),
    /** multicast | push, once queued. */
    path: text(),
    /** Friends it was queued for. */
    friends: integer(),
    reason: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_account_idx').on(table.accountId, table.id),
    // The scheduler reads due rows off this index only.
    index('notifications_due')
      .on(table.sendAt)
      .where(sql`${table.state} = 'scheduled'`),
  ],
);

/**
 * Friends of each お知らせ whose pushes have settled, per final state and LINE's reason (decision
 * 0225): kept by the statement trigger `notification_counts_settled` on `line_pushes` (migration
 * SQL, set-based: one upsert per statement, from its transition tables), so the list reads a few
 * rows instead of summing every push. Pending = `notifications.friends` − the sum here. `shard`
 * (push id % 8) spreads one お知らせ's settlements over eight rows, so concurrent dispatchers do
 * not queue on one row's lock.
 */
export const notificationCounts = pgTable(
  'notification_counts',
  {
    notificationId: integer()
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    shard: integer().notNull(),
    state: text().notNull(),
    reason: text().notNull(),
    friends: integer().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.notificationId, table.shard, table.state, table.reason] }),
  ],
);
