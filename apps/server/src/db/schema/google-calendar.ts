import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
