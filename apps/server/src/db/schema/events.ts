import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { members } from './members.js';

/**
 * Events with seats (issue 27, decisions 0310–0315): 体験会, セミナー, 撮影会 — fixed slots of a
 * number of seats, booked by friends from `/e/{public_key}`. Questions, actions and reminders
 * are the event's settings, stored as the contracts' shapes (jsonb).
 */
export const events = pgTable(
  'events',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    publicKey: text().notNull(),
    adminName: text().notNull(),
    title: text().notNull(),
    description: text().notNull().default(''),
    imageUrl: text().notNull().default(''),
    place: text().notNull().default(''),
    onlineUrl: text().notNull().default(''),
    folder: text().notNull().default(''),
    state: text().notNull().default('draft'),
    bookingLimit: text().notNull().default('per_event'),
    questions: jsonb().notNull().default([]),
    actionsOnBooking: jsonb().notNull().default([]),
    actionsOnCancel: jsonb().notNull().default([]),
    actionsOnAttendance: jsonb().notNull().default([]),
    confirmationText: text().notNull().default(''),
    reminders: jsonb().notNull().default([]),
    defaultCloseHour: smallint().notNull().default(18),
    waitlistEnabled: boolean().notNull().default(true),
    waitlistOfferHours: smallint().notNull().default(24),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('events_public_key').on(table.publicKey),
    index('events_account').on(table.accountId, table.id),
    check('events_state_check', sql`${table.state} in ('draft', 'open', 'closed', 'ended')`),
    check(
      'events_booking_limit_check',
      sql`${table.bookingLimit} in ('per_event', 'per_slot', 'unlimited')`,
    ),
  ],
);

/**
 * A slot: its seats are counted in the row (decision 0311). `seats_taken` = seat-holding
 * reservations + open waitlist offers; every booking, cancel and offer changes it in the same
 * transaction, under the row's lock, and the check keeps it within `capacity` whatever runs.
 */
export const eventSlots = pgTable(
  'event_slots',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    capacity: integer().notNull(),
    seatsTaken: integer().notNull().default(0),
    place: text().notNull().default(''),
    opensAt: timestamp({ withTimezone: true }),
    closesAt: timestamp({ withTimezone: true }),
    cancelDeadlineAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('event_slots_event').on(table.eventId, table.startsAt),
    check('event_slots_capacity_check', sql`${table.capacity} between 1 and 10000`),
    check(
      'event_slots_seats_check',
      sql`${table.seatsTaken} >= 0 and ${table.seatsTaken} <= ${table.capacity}`,
    ),
    check('event_slots_times_check', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/**
 * A friend's reservation of a slot. `limit_key` is what the event's booking limit counts
 * (`e{event}` once per event, `s{slot}` once per slot, null without limit): unique per friend
 * among seat-holding reservations, so two parallel bookings cannot both pass (decision 0311).
 */
export const eventReservations = pgTable(
  'event_reservations',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    slotId: integer()
      .notNull()
      .references(() => eventSlots.id, { onDelete: 'cascade' }),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    state: text().notNull().default('booked'),
    source: text().notNull(),
    limitKey: text(),
    /** The answers as given: `[{ var_id, label, text }]` (also saved as friend information). */
    answers: jsonb().notNull().default([]),
    checkinCode: text().notNull(),
    bookedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp({ withTimezone: true }),
    attendedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('event_reservations_slot').on(table.slotId, table.id),
    index('event_reservations_event').on(table.eventId, table.id),
    index('event_reservations_member').on(table.memberId),
    uniqueIndex('event_reservations_checkin').on(table.checkinCode),
    uniqueIndex('event_reservations_limit')
      .on(table.memberId, table.limitKey)
      .where(
        sql`${table.limitKey} is not null and ${table.state} in ('booked', 'attended', 'absent')`,
      ),
    check(
      'event_reservations_state_check',
      sql`${table.state} in ('booked', 'attended', 'absent', 'cancelled_self', 'cancelled_shop', 'cancelled_notified')`,
    ),
    check(
      'event_reservations_source_check',
      sql`${table.source} in ('member', 'staff', 'waitlist')`,
    ),
  ],
);

/**
 * The waitlist of a full slot, in order of joining (decision 0313). An `offered` entry holds the
 * freed seat (counted in `seats_taken`) until `offer_expires_at`; then it is `expired` and the
 * seat passes to the next.
 */
export const eventWaitlist = pgTable(
  'event_waitlist',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    slotId: integer()
      .notNull()
      .references(() => eventSlots.id, { onDelete: 'cascade' }),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    state: text().notNull().default('waiting'),
    answers: jsonb().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    offeredAt: timestamp({ withTimezone: true }),
    offerExpiresAt: timestamp({ withTimezone: true }),
    reservationId: integer().references(() => eventReservations.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('event_waitlist_slot').on(table.slotId, table.state, table.id),
    index('event_waitlist_offers')
      .on(table.offerExpiresAt)
      .where(sql`${table.state} = 'offered'`),
    uniqueIndex('event_waitlist_once')
      .on(table.slotId, table.memberId)
      .where(sql`${table.state} in ('waiting', 'offered')`),
    check(
      'event_waitlist_state_check',
      sql`${table.state} in ('waiting', 'offered', 'accepted', 'expired', 'left')`,
    ),
  ],
);

/**
 * The reminder outbox (decision 0312): one row per reservation × reminder offset, made when the
 * booking is, `pending` until due, then `sent` in the transaction that queues its push (the
 * push's key names it too), or `dropped` when the booking is cancelled. Claimed with SKIP LOCKED.
 */
export const eventReminderJobs = pgTable(
  'event_reminder_jobs',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    reservationId: integer()
      .notNull()
      .references(() => eventReservations.id, { onDelete: 'cascade' }),
    reminderKey: text().notNull(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    state: text().notNull().default('pending'),
    sentAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('event_reminder_jobs_once').on(table.reservationId, table.reminderKey),
    index('event_reminder_jobs_due')
      .on(table.dueAt)
      .where(sql`${table.state} = 'pending'`),
    check('event_reminder_jobs_state_check', sql`${table.state} in ('pending', 'sent', 'dropped')`),
  ],
);
