import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
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

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A rich menu of an account (issue 25, decisions 0256 and 0258): our menu as the owner made it —
 * areas whose actions name our action sets and menus (contracts' `RichMenuArea`), the prepared
 * image (≤ 1 MB, LINE's size, decision 0257) — and where it stands on LINE: its state, LINE's
 * `richMenuId` once created there, and the publish job's progress (contracts'
 * `RichMenuPublishProgress`).
 */
export const richMenus = pgTable(
  'rich_menus',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    chatBarText: text().notNull(),
    selected: boolean().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    areas: jsonb().notNull().default([]),
    state: text().notNull().default('draft'),
    /** The prepared image and its type; null until `PUT …/image`. */
    image: bytea(),
    imageContentType: text(),
    /** LINE's `richMenuId` of the live version; a publish of an edit makes a new one. */
    lineRichMenuId: text(),
    /** The alias LINE knows this menu by (tabs switch through it), unique per account. */
    lineAliasId: text(),
    publish: jsonb(),
    /**
     * When the menu is shown (decision 0300): from / until (null: open), judged by the rich
     * menu audience worker; `publishedAt` is when its last publish finished (newer wins a tie).
     */
    showFrom: timestamp({ withTimezone: true }),
    showUntil: timestamp({ withTimezone: true }),
    publishedAt: timestamp({ withTimezone: true }),
    /** The audience of the live version (a publish under way or failed leaves it). */
    liveAudience: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('rich_menus_account_idx').on(table.accountId),
    uniqueIndex('rich_menus_alias_unique').on(table.accountId, table.lineAliasId),
    check(
      'rich_menus_state_check',
      sql`${table.state} in ('draft', 'publishing', 'published', 'failed', 'replaced')`,
    ),
    check(
      'rich_menus_image_type_check',
      sql`(${table.image} is null) = (${table.imageContentType} is null)`,
    ),
  ],
);

/**
 * LINE work on rich menus, one row a job (issue 25, decision 0260), run by the rich menu
 * publisher (`modules/rich-menus/publisher.ts`) in the API process or `npm run worker`:
 * - `publish`: a menu and the tabs it switches to, step by step (validate → create → upload the
 *   image once → aliases → link → delete the old LINE menus → done); `plan` holds each menu's
 *   old and new LINE ids and what is done, `cursor` the last friend linked, so a job taken up
 *   again (a crash, a wait for LINE's hourly budget) goes on where it stood;
 * - `switch`: one friend linked to a published menu (the action `switch_rich_menu`), once per
 *   cause (`cause_key`, unique per account).
 */
export const richMenuJobs = pgTable(
  'rich_menu_jobs',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    richMenuId: integer()
      .notNull()
      .references(() => richMenus.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    memberId: integer().references(() => members.id, { onDelete: 'cascade' }),
    causeKey: text(),
    audience: jsonb(),
    step: text().notNull().default('validate'),
    state: text().notNull().default('running'),
    plan: jsonb().notNull().default({}),
    cursor: integer().notNull().default(0),
    total: integer().notNull().default(0),
    linked: integer().notNull().default(0),
    /** The batch's `resumeRequestKey` (the same on every retry) and LINE's request id. */
    batchKey: text(),
    batchRequestId: text(),
    /** When the job is next looked at; a wait for LINE's budget says why in `waitReason`. */
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    waitingUntil: timestamp({ withTimezone: true }),
    waitReason: text(),
    leaseUntil: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('rich_menu_jobs_due')
      .on(table.runAt)
      .where(sql`${table.state} = 'running'`),
    index('rich_menu_jobs_menu').on(table.richMenuId),
    uniqueIndex('rich_menu_jobs_cause').on(table.accountId, table.causeKey),
    // One publish at a time per menu.
    uniqueIndex('rich_menu_jobs_one_publish')
      .on(table.richMenuId)
      .where(sql`${table.kind} = 'publish' and ${table.state} = 'running'`),
    check('rich_menu_jobs_kind_check', sql`${table.kind} in ('publish', 'switch')`),
    check('rich_menu_jobs_state_check', sql`${table.state} in ('running', 'done', 'failed')`),
  ],
);

/**
 * LINE calls that spend an hourly budget of the account's channel (decision 0260): `menu` —
 * creates and deletes, 100 an hour; `batch` — 3 an hour. The publisher counts the last hour
 * before spending, and waits (saying until when) instead of being refused.
 */
export const richMenuSpends = pgTable(
  'rich_menu_spends',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('rich_menu_spends_account').on(table.accountId, table.kind, table.at)],
);

/**
 * Our own count of taps (decision 0262): a friend's postback from an area of a published menu
 * (its signed data names the menu and the area), once per webhook event.
 */
export const richMenuTaps = pgTable(
  'rich_menu_taps',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    richMenuId: integer()
      .notNull()
      .references(() => richMenus.id, { onDelete: 'cascade' }),
    area: integer().notNull(),
    memberId: integer().references(() => members.id, { onDelete: 'set null' }),
    eventKey: text().notNull(),
    tappedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('rich_menu_taps_event').on(table.accountId, table.eventKey),
    index('rich_menu_taps_menu').on(table.richMenuId, table.area),
  ],
);

/**
 * Which menu each friend is linked to on LINE by us, and by which rule (decision 0300): written
 * after LINE took the link (the publish's bulk link, the action's link, the audience worker),
 * so the worker links and unlinks only the difference from what the rules say now.
 * A friend without a row shows the default menu.
 */
export const richMenuUserLinks = pgTable(
  'rich_menu_user_links',
  {
    memberId: integer()
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    richMenuId: integer()
      .notNull()
      .references(() => richMenus.id, { onDelete: 'cascade' }),
    lineRichMenuId: text().notNull(),
    rule: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('rich_menu_user_links_account').on(table.accountId, table.lineRichMenuId),
    check('rich_menu_user_links_rule_check', sql`${table.rule} in ('action', 'tag', 'segment')`),
  ],
);

/** The account's default menu on LINE as we last set it (decision 0300); null: none of ours. */
export const richMenuDefaults = pgTable('rich_menu_defaults', {
  accountId: integer()
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  lineRichMenuId: text(),
  /** One audience worker at a time per account (any process may run it). */
  leaseUntil: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
