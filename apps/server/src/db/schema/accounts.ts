import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** One LINE official account = one business. Everything else belongs to an account. */
export const accounts = pgTable('accounts', {
  id: serial().primaryKey(),
  name: text().notNull(),
  resellerCode: text().notNull().default('tsunagu'),
  consent: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const operatorRoles = pgTable(
  'operator_roles',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    permissionKeys: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Exactly one owner role per account: it manages roles and is never edited or deleted. */
    isOwner: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('operator_roles_account_idx').on(table.accountId),
    uniqueIndex('operator_roles_one_owner_per_account')
      .on(table.accountId)
      .where(sql`${table.isOwner}`),
    // Role names are unique per account, compared case-insensitively (decision 0090).
    uniqueIndex('operator_roles_name_per_account').on(table.accountId, sql`lower(${table.name})`),
  ],
);

export const operators = pgTable(
  'operators',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    roleId: integer()
      .notNull()
      .references(() => operatorRoles.id, { onDelete: 'restrict' }),
    /** Sign-in id, unique across accounts because sign-in names no account. */
    loginId: text().notNull(),
    displayName: text().notNull(),
    passwordHash: text().notNull(),
    /** false: deactivated by the owner — cannot sign in, has no session (decision 0288). */
    active: boolean().notNull().default(true),
    /** Set at each successful sign-in; null until the first one. */
    lastSignInAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('operators_login_id_unique').on(sql`lower(${table.loginId})`),
    index('operators_role_idx').on(table.roleId),
  ],
);

/**
 * Server-side sessions. The cookie carries a random token; only its SHA-256 is stored, so a
 * leaked table cannot be replayed as cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text().primaryKey(),
    operatorId: integer()
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_operator_idx').on(table.operatorId)],
);

/** Failed sign-in counters per login id and per client address (see docs/decisions). */
export const loginThrottles = pgTable('login_throttles', {
  key: text().primaryKey(),
  failures: integer().notNull(),
  windowStartedAt: timestamp({ withTimezone: true }).notNull(),
  blockedUntil: timestamp({ withTimezone: true }),
});
