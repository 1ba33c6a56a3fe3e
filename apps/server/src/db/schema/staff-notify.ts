import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts, operators } from './accounts.js';
import { operatorNotices } from './actions.js';
import { members } from './members.js';

/**
 * One operator's choices for staff notices (issue 26, decision 0281): which kinds, which
 * channels, quiet hours (Asia/Tokyo), their e-mail address and their linked LINE friend. No row:
 * every kind on every channel the operator can be reached on, no quiet hours.
 */
export const staffNotifySettings = pgTable(
  'staff_notify_settings',
  {
    operatorId: integer()
      .primaryKey()
      .references(() => operators.id, { onDelete: 'cascade' }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kinds: text().array().notNull(),
    channels: text().array().notNull(),
    /** 'HH:MM' in Asia/Tokyo; both set or both null. */
    quietFrom: text(),
    quietUntil: text(),
    email: text(),
    /** The operator's own LINE, a friend of the account (linked by a code, decision 0283). */
    lineMemberId: integer().references(() => members.id, { onDelete: 'set null' }),
    linkCode: text(),
    linkCodeExpiresAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('staff_notify_settings_link_code').on(table.accountId, table.linkCode),
    check(
      'staff_notify_settings_quiet_check',
      sql`(${table.quietFrom} is null) = (${table.quietUntil} is null)`,
    ),
  ],
);

/**
 * The outbox (decision 0280): one delivery per notice × operator × channel, never two. Console
 * deliveries are `sent` when made and read by the bell; e-mail and LINE ones wait `pending` until
 * the dispatcher sends them, retried with back-off, `failed` after the last attempt, `dropped`
 * when the operator no longer wants or can take them.
 */
export const staffDeliveries = pgTable(
  'staff_deliveries',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    noticeId: integer()
      .notNull()
      .references(() => operatorNotices.id, { onDelete: 'cascade' }),
    operatorId: integer()
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    channel: text().notNull(),
    state: text().notNull(),
    attempts: smallint().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('staff_deliveries_once').on(table.noticeId, table.operatorId, table.channel),
    index('staff_deliveries_due')
      .on(table.nextAttemptAt)
      .where(sql`${table.state} = 'pending'`),
    index('staff_deliveries_operator').on(table.operatorId, table.channel, table.id),
    check('staff_deliveries_channel_check', sql`${table.channel} in ('console', 'email', 'line')`),
    check(
      'staff_deliveries_state_check',
      sql`${table.state} in ('pending', 'sent', 'failed', 'dropped')`,
    ),
  ],
);
