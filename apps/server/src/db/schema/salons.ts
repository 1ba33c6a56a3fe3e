import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';

/** A salon (shop) of an account. Everything under /api/salon/{salonId} hangs off it. */
export const salons = pgTable(
  'salons',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** The random part of the public booking URL (GET /online_url). */
    publicKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('salons_account_idx').on(table.accountId, table.id),
    uniqueIndex('salons_public_key_unique').on(table.publicKey),
  ],
);

/** One row per salon once created (POST /configs): the three switches and the typed configs. */
export const salonConfigs = pgTable('salon_configs', {
  salonId: integer()
    .primaryKey()
    .references(() => salons.id, { onDelete: 'cascade' }),
  enableOnline: boolean().notNull().default(false),
  syncShift: boolean().notNull().default(false),
  pushNotification: boolean().notNull().default(true),
  /** Typed configs by type (`booking`, `cancel`), validated by the contracts on every write. */
  settings: jsonb()
    .notNull()
    .default(sql`'{}'::jsonb`),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Opening hours per salon and year: weekday hours plus per-date overrides (RSV-14/15). */
export const salonOpeningConfigs = pgTable(
  'salon_opening_configs',
  {
    salonId: integer()
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    year: smallint().notNull(),
    weekdays: jsonb().notNull(),
    dates: jsonb().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.salonId, table.year] })],
);

/** The online booking page's settings: one per salon (RSV-30..36). */
export const salonOnlineConfigs = pgTable(
  'salon_online_configs',
  {
    id: serial().primaryKey(),
    salonId: integer()
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    isPublic: boolean().notNull().default(false),
    title: text().notNull().default(''),
    notice: text().notNull().default(''),
    shopInfo: jsonb()
      .notNull()
      .default(sql`'{}'::jsonb`),
    actions: jsonb()
      .notNull()
      .default(sql`'[]'::jsonb`),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('salon_online_configs_salon_unique').on(table.salonId)],
);

/** Ordered questions asked of a customer on the booking page (`customer_info`). */
export const salonCustomerFields = pgTable(
  'salon_customer_fields',
  {
    id: serial().primaryKey(),
    salonId: integer()
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    label: text().notNull(),
    fieldType: text().notNull(),
    required: boolean().notNull().default(false),
    options: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    order: integer().notNull(),
  },
  (table) => [index('salon_customer_fields_salon_idx').on(table.salonId)],
);

export const salonCourses = pgTable(
  'salon_courses',
  {
    id: serial().primaryKey(),
    salonId: integer()
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    durationMinutes: integer().notNull(),
    price: integer().notNull().default(0),
    color: text().notNull(),
    isPublic: boolean().notNull().default(true),
    order: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('salon_courses_salon_idx').on(table.salonId, table.order)],
);

/** Staff, rooms and equipment that reservations occupy (deleted ones are kept, retired). */
export const salonResources = pgTable(
  'salon_resources',
  {
    id: serial().primaryKey(),
    salonId: integer()
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    kind: text().notNull(),
    description: text().notNull().default(''),
    nominationFee: integer().notNull().default(0),
    color: text().notNull(),
    isPublic: boolean().notNull().default(true),
    order: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when the resource is deleted (RSV-27/28): it leaves every list and can take no new
     * reservation, but past reservations keep naming it (decision 0041).
     */
    deletedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('salon_resources_salon_idx').on(table.salonId, table.order)],
);

/** Which resource cannot do which course (absent pair = can do it). */
export const salonResourceCourseUnlinks = pgTable(
  'salon_resource_course_unlinks',
  {
    salonId: integer()
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    resourceId: integer()
      .notNull()
      .references(() => salonResources.id, { onDelete: 'cascade' }),
    courseId: integer()
      .notNull()
      .references(() => salonCourses.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.resourceId, table.courseId] })],
);

/** Named booking URLs with tracking parameters (RSV-78..80). */
export const salonUrls = pgTable(
  'salon_urls',
  {
    id: serial().primaryKey(),
    salonId: integer()
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    utmSource: text().notNull().default(''),
    utmMedium: text().notNull().default(''),
    utmCampaign: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('salon_urls_salon_idx').on(table.salonId)],
);

/**
 * The data version of a salon's reservation and shift reads (decision 0031). Database triggers
 * (migration 0006) set `version` to a fresh value of `salon_data_version_seq` in every
 * transaction that writes a table these answers are built from, so a cached answer is served
 * only while its version is still the current one — in every server process. No foreign key:
 * the triggers also fire while a salon's rows are deleted with it.
 */
export const salonDataVersions = pgTable('salon_data_versions', {
  salonId: integer().primaryKey(),
  version: bigint({ mode: 'number' }).notNull(),
});
