import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { salonResources, salons } from './salons.js';

/** A Google account connected to a salon (`google_token_id` = its id). */
export const googleTokens = pgTable(
  'google_tokens',
  {
    id: serial().primaryKey(),
    salonId: integer()
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    accessToken: text().notNull(),
    refreshToken: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Google refused a write for want of the events scope (decision 0295): connect again. */
    writeDeniedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('google_tokens_salon_email').on(table.salonId, table.email)],
);

/** A resource linked to a calendar of a connected account for one purpose (shift or reservation). */
export const googleCalendarAssociations = pgTable(
  'google_calendar_associations',
  {
    id: serial().primaryKey(),
    salonId: integer()
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    tokenId: integer()
      .notNull()
      .references(() => googleTokens.id, { onDelete: 'cascade' }),
    resourceId: integer()
      .notNull()
      .references(() => salonResources.id, { onDelete: 'cascade' }),
    googleCalendarId: text().notNull(),
    calendarSummary: text().notNull().default(''),
    purpose: text().notNull(),
    lastSyncedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('google_calendar_associations_resource_purpose').on(
      table.resourceId,
      table.purpose,
    ),
  ],
);

/**
 * The Google event a reservation was written as (decision 0273): one per reservation, our own
 * event id, on the calendar of the staff member's `reservation` link at the time. Kept without
 * a foreign key to the reservation, so a deleted reservation's event can still be deleted.
 */
export const googleReservationEvents = pgTable(
  'google_reservation_events',
  {
    id: serial().primaryKey(),
    salonId: integer()
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    reservationId: integer().notNull(),
    tokenId: integer()
      .notNull()
      .references(() => googleTokens.id, { onDelete: 'cascade' }),
    googleCalendarId: text().notNull(),
    googleEventId: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('google_reservation_events_reservation').on(table.reservationId)],
);

/**
 * The outbox of Google Calendar writes (decision 0295): one row per reservation, made or made
 * due again in the reservation's own transaction; the write dispatcher brings Google in line
 * with the reservation as it is then, retried with back-off. `generation` counts the changes, so
 * a change during a send leaves the row due; `leased_until` keeps one sender per reservation.
 */
export const googleCalendarWrites = pgTable(
  'google_calendar_writes',
  {
    id: serial().primaryKey(),
    salonId: integer()
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    reservationId: integer().notNull(),
    state: text().notNull().default('pending'),
    generation: integer().notNull().default(1),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    leasedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    lastErrorAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('google_calendar_writes_reservation').on(table.reservationId),
    index('google_calendar_writes_due')
      .on(table.nextAttemptAt)
      .where(sql`${table.state} = 'pending'`),
    index('google_calendar_writes_salon').on(table.salonId, table.state),
    check(
      'google_calendar_writes_state_check',
      sql`${table.state} in ('pending', 'done', 'failed')`,
    ),
  ],
);
