import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { salonResources, salons } from './salons.js';

/**
 * A time shift master: one working period (`from`..`to`, HH:mm in Asia/Tokyo) on `start_date`,
 * repeated weekly or every two weeks until `expired_at` (exclusive) — see decision 0010.
 */
export const salonTimeShifts = pgTable(
  'salon_time_shifts',
  {
    id: serial().primaryKey(),
    salonId: integer()
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    resourceId: integer()
      .notNull()
      .references(() => salonResources.id, { onDelete: 'cascade' }),
    startDate: date({ mode: 'string' }).notNull(),
    repeat: text().notNull(),
    fromTime: text().notNull(),
    toTime: text().notNull(),
    description: text().notNull().default(''),
    /** First date on which the series no longer occurs; null = open-ended. */
    expiredAt: date({ mode: 'string' }),
    /** `manual`, or `google` for shifts imported by a calendar resync. */
    source: text().notNull().default('manual'),
    /** For `google` shifts: the calendar event (instance) id, so a resync updates in place. */
    externalId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('salon_time_shifts_resource_idx').on(table.salonId, table.resourceId),
    uniqueIndex('salon_time_shifts_external')
      .on(table.resourceId, table.externalId)
      .where(sql`${table.externalId} is not null`),
  ],
);

/** One occurrence of a master changed or removed for a single date. */
export const salonTimeShiftPatches = pgTable(
  'salon_time_shift_patches',
  {
    id: serial().primaryKey(),
    salonId: integer()
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    masterId: integer()
      .notNull()
      .references(() => salonTimeShifts.id, { onDelete: 'cascade' }),
    date: date({ mode: 'string' }).notNull(),
    patchType: text().notNull(),
    fromTime: text().notNull(),
    toTime: text().notNull(),
    description: text().notNull().default(''),
  },
  (table) => [uniqueIndex('salon_time_shift_patches_occurrence').on(table.masterId, table.date)],
);
