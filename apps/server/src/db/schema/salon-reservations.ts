import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { members } from './members.js';
import { salonCourses, salonResources, salons } from './salons.js';

/** PostgreSQL `tsrange`, written as SQL (see occupancy inserts) and read as its text form. */
const tsrange = customType<{ data: string }>({
  dataType: () => 'tsrange',
});

export const salonReservations = pgTable(
  'salon_reservations',
  {
    id: serial().primaryKey(),
    salonId: integer()
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    memberId: integer().references(() => members.id, { onDelete: 'set null' }),
    courseId: integer().references(() => salonCourses.id, { onDelete: 'set null' }),
    resourceId: integer().references(() => salonResources.id, { onDelete: 'set null' }),
    subResourceIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    name: text().notNull(),
    /** The customer's name in kana and phone (digits only), given by staff (issue 26). */
    kana: text().notNull().default(''),
    phone: text().notNull().default(''),
    comment: text().notNull().default(''),
    date: date({ mode: 'string' }).notNull(),
    fromTime: text().notNull(),
    toTime: text().notNull(),
    status: smallint().notNull(),
    visitStatus: smallint().notNull().default(0),
    isAttended: boolean().notNull().default(false),
    checkedAt: timestamp({ withTimezone: true }),
    resourceFeeIsCharged: boolean().notNull().default(false),
    metaData: jsonb()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The customer's answers to the online config's questions, labels as asked (decision 0126). */
    customerAnswers: jsonb()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Staff placed it outside the resource's shift on purpose (decision 0009). */
    shiftOverride: boolean().notNull().default(false),
    /**
     * false when the customer booked 指名なし (issue 26, decision 0271): the engine assigned
     * `resourceId`, and a change may go to any suitable staff member.
     */
    nominated: boolean().notNull().default(true),
    /** Who created it: `manager` (console) or `member` (booking page). */
    source: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('salon_reservations_salon_date_idx').on(table.salonId, table.date),
    index('salon_reservations_resource_date_idx').on(table.resourceId, table.date),
    // A friend's reservations: the segments' reservation conditions and the friend's detail.
    index('salon_reservations_member_date_idx').on(table.memberId, table.date),
    // Search by name, kana or phone: the character pairs of the three (chat_bigrams, migration
    // 0029; decision 0275).
    index('salon_reservations_search_bigrams').using(
      'gin',
      sql`chat_bigrams(${table.name} || ' ' || ${table.kana} || ' ' || ${table.phone})`,
    ),
    // A customer without a friend is their phone: the card reads their bookings by it.
    index('salon_reservations_salon_phone_idx')
      .on(table.salonId, table.phone)
      .where(sql`${table.phone} <> ''`),
  ],
);

/**
 * A member's pending change (`change`) or cancellation (`cancel`) of a reservation. The row
 * stays after judgement with its final state, so a second judgement answers 409.
 */
export const salonReservationChildren = pgTable(
  'salon_reservation_children',
  {
    id: serial().primaryKey(),
    salonId: integer()
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    reservationId: integer()
      .notNull()
      .references(() => salonReservations.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    state: text().notNull().default('pending'),
    /** For `change`: the proposed date, from, to, course_id, salon_resource_id, sub_resource_ids, comment. */
    proposal: jsonb()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('salon_reservation_children_parent_idx').on(table.reservationId)],
);

export const salonBlockTimes = pgTable(
  'salon_block_times',
  {
    id: serial().primaryKey(),
    salonId: integer()
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    resourceId: integer()
      .notNull()
      .references(() => salonResources.id, { onDelete: 'cascade' }),
    date: date({ mode: 'string' }).notNull(),
    fromTime: text().notNull(),
    toTime: text().notNull(),
    description: text().notNull().default(''),
    isConfirmed: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('salon_block_times_salon_date_idx').on(table.salonId, table.date)],
);

/**
 * What each resource is busy with: one row per resource of every active reservation (main and
 * sub resources) and per block time. An exclusion constraint (migration 0002) forbids two
 * overlapping `[)` periods of one resource — the database itself refuses a double booking.
 */
export const salonResourceOccupancies = pgTable(
  'salon_resource_occupancies',
  {
    id: serial().primaryKey(),
    salonId: integer()
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    resourceId: integer()
      .notNull()
      .references(() => salonResources.id, { onDelete: 'cascade' }),
    date: date({ mode: 'string' }).notNull(),
    fromTime: text().notNull(),
    toTime: text().notNull(),
    period: tsrange().notNull(),
    reservationId: integer().references(() => salonReservations.id, { onDelete: 'cascade' }),
    blockTimeId: integer().references(() => salonBlockTimes.id, { onDelete: 'cascade' }),
  },
  (table) => [
    index('salon_resource_occupancies_reservation_idx').on(table.reservationId),
    index('salon_resource_occupancies_block_time_idx').on(table.blockTimeId),
    // The availability engine reads a salon's busy periods of a date range (migration 0012).
    index('salon_resource_occupancies_salon_date_idx').on(table.salonId, table.date),
  ],
);

/** Realtime events, kept for `Last-Event-ID` replay (decision 0011). */
export const salonEvents = pgTable(
  'salon_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    salonId: integer()
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    payload: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('salon_events_salon_idx').on(table.salonId, table.id)],
);
