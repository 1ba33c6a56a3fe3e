import {
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
import { salons } from './salons.js';
import { contentGroups, trackers } from './trackers.js';

/**
 * Landing pages (issue 29, decision 0340): `draft` is what the console edits, `published` the
 * copy 公開 made, which `/p/{slug}` shows. `slug` is unique over all accounts: `/p/` carries no
 * account. `trackerId` is the tracker its friend-add button goes through, `groupId` its
 * content group (folder).
 */
export const landingPages = pgTable(
  'landing_pages',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    slug: text().notNull(),
    title: text().notNull(),
    description: text().notNull().default(''),
    ogImageId: integer(),
    trackerId: integer().references(() => trackers.id, { onDelete: 'set null' }),
    groupId: integer().references(() => contentGroups.id, { onDelete: 'set null' }),
    draft: jsonb().notNull(),
    published: jsonb(),
    publishedAt: timestamp({ withTimezone: true }),
    views: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('landing_pages_slug').on(table.slug),
    index('landing_pages_account').on(table.accountId),
  ],
);

/** Shop sites (decision 0343) at `/s/{slug}`; `salonId` is the salon whose menu, staff and hours it shows. */
export const sites = pgTable(
  'sites',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    slug: text().notNull(),
    salonId: integer().references(() => salons.id, { onDelete: 'set null' }),
    groupId: integer().references(() => contentGroups.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('sites_slug').on(table.slug), index('sites_account').on(table.accountId)],
);

/** A site's raw-HTML page (PureEdit): `html` is stored already sanitised (decision 0342). */
export const sitePages = pgTable(
  'site_pages',
  {
    id: serial().primaryKey(),
    siteId: integer()
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    path: text().notNull(),
    title: text().notNull(),
    html: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('site_pages_path').on(table.siteId, table.path)],
);
