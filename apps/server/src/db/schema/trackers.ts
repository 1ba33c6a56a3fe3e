import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { members } from './members.js';

/**
 * Content groups (issue 29, decision 0330): the folders trackers and landing pages / sites are
 * filed in (`/line/content/group/new`); `order` begins at 1.
 */
export const contentGroups = pgTable(
  'content_groups',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    order: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('content_groups_name_per_account').on(table.accountId, table.name)],
);

/**
 * An inflow tracker (流入経路, decision 0330): its public URL `/t/{code}` (code unique across
 * accounts, never changed by an edit), the actions run for a friend arriving through it (the
 * one action model), when they run (`always` | `first_follow`), whether the account's general
 * greeting also runs, and on / off (off: the URL goes straight to the add-friend page).
 */
export const trackers = pgTable(
  'trackers',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    groupId: integer().references(() => contentGroups.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    code: text().notNull(),
    runMode: text().notNull().default('first_follow'),
    /** How the person is identified (decision 0475): 'login' (LINE Login) | 'liff'. */
    entry: text().notNull().default('login'),
    runGreeting: boolean().notNull().default(true),
    active: boolean().notNull().default(true),
    actions: jsonb().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('trackers_code').on(table.code),
    index('trackers_account_idx').on(table.accountId, table.id),
    index('trackers_group_idx').on(table.groupId),
    check('trackers_run_mode_check', sql`${table.runMode} in ('always', 'first_follow')`),
    check('trackers_entry_check', sql`${table.entry} in ('login', 'liff')`),
  ],
);

/**
 * One open of `/t/{code}` (decision 0332): the UTM and ad click ids (kept for ad conversions),
 * whether it was opened inside LINE, and how far it went — `login` (sent to LINE Login),
 * `left_consent` (LINE Login answered an error: the person left the consent screen),
 * `already_friend`, `add_page` (sent to the add-friend page, awaiting the follow), `friend`
 * (the follow tied a new friend to it). `line_user_id` is the ID token's `sub`.
 */
export const trackerClicks = pgTable(
  'tracker_clicks',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    trackerId: integer()
      .notNull()
      .references(() => trackers.id, { onDelete: 'cascade' }),
    stage: text().notNull().default('login'),
    inLine: boolean().notNull().default(false),
    utmSource: text(),
    utmMedium: text(),
    utmCampaign: text(),
    utmTerm: text(),
    utmContent: text(),
    gclid: text(),
    gbraid: text(),
    wbraid: text(),
    fbclid: text(),
    ldtagCl: text(),
    lineUserId: text(),
    memberId: integer().references(() => members.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('tracker_clicks_tracker_idx').on(table.trackerId, table.stage),
    index('tracker_clicks_line_user')
      .on(table.accountId, table.lineUserId, table.createdAt)
      .where(sql`${table.lineUserId} is not null`),
    check(
      'tracker_clicks_stage_check',
      sql`${table.stage} in ('login', 'left_consent', 'already_friend', 'add_page', 'friend')`,
    ),
  ],
);

/**
 * A person who came through a tracker as a friend (decision 0333): `new_friend` (the follow of
 * a click's person) or `returning` (already a friend, came again). One per click, so a retried
 * login or a redelivered follow counts nothing twice; the actions' run key is beside it
 * (`tracker:{id}:m{member}` for first_follow, `tracker:{id}:c{click}` for always).
 */
export const trackerArrivals = pgTable(
  'tracker_arrivals',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    trackerId: integer()
      .notNull()
      .references(() => trackers.id, { onDelete: 'cascade' }),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    clickId: integer()
      .notNull()
      .references(() => trackerClicks.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('tracker_arrivals_click').on(table.clickId),
    index('tracker_arrivals_tracker_idx').on(table.trackerId, table.kind),
    index('tracker_arrivals_member_idx').on(table.memberId),
    check('tracker_arrivals_kind_check', sql`${table.kind} in ('new_friend', 'returning')`),
  ],
);
