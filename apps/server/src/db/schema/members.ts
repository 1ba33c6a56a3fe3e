import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';

/**
 * LINE friends of an account (issue 13): one row per LINE user per account, created by the
 * webhook's follow (or first message) and kept when they block the account — reservations and
 * what operators recorded about them stay. `follow_changed_at` is the LINE time of the last
 * follow/unfollow applied, so a redelivered older event never undoes a newer one.
 * `profile_wanted`: the name and icon are to be (re)read from LINE (`GET /v2/bot/profile`).
 * `follow_state` 'not_friend': known from a LIFF sign-in (booking page) but never followed the
 * account (issue 23, decision 0181); only a follow event makes them 'following'. `followed_at` is
 * the first follow: an unblock (`follow.isUnblocked`) keeps it and sets `unblocked_at` (0180).
 */
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
    followState: text().notNull().default('following'),
    followedAt: timestamp({ withTimezone: true }),
    unfollowedAt: timestamp({ withTimezone: true }),
    unblockedAt: timestamp({ withTimezone: true }),
    followChangedAt: timestamp({ withTimezone: true }),
    lastMessageAt: timestamp({ withTimezone: true }),
    profileWanted: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('members_account_idx').on(table.accountId, table.id),
    // The friends list's order (newest friends first): a page is read off the index, not sorted.
    index('members_account_followed').on(
      table.accountId,
      sql`${table.followedAt} desc nulls last`,
      sql`${table.id} desc`,
    ),
    uniqueIndex('members_line_user_per_account').on(table.accountId, table.lineUserId),
    index('members_profile_wanted')
      .on(table.id)
      .where(sql`${table.profileWanted}`),
    check(
      'members_follow_state_check',
      sql`${table.followState} in ('following', 'blocked', 'not_friend')`,
    ),
  ],
);

/**
 * Sessions of members on the customer booking page (decision 0115): kept apart from operators'
 * `sessions` so a member can never pass the console's session check. Only the token's SHA-256
 * is stored; a session lasts a fixed time and is never extended.
 */
export const memberSessions = pgTable(
  'member_sessions',
  {
    tokenHash: text().primaryKey(),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    demo: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('member_sessions_member_idx').on(table.memberId),
    index('member_sessions_expires_idx').on(table.expiresAt),
  ],
);

/**
 * Phone numbers friends gave (a `tel` answer when booking), kept only as the SHA-256 of the
 * E.164 number, as the notification messages send them (decision 0170): the open API can name a
 * friend by phone without the console storing the number. The newest giver of a number owns it.
 */
export const memberPhones = pgTable(
  'member_phones',
  {
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    telHash: text().notNull(),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('member_phones_per_account').on(table.accountId, table.telHash),
    index('member_phones_member_idx').on(table.memberId),
  ],
);
