import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { members } from './members.js';

/**
 * What friends did, one append-only row per happening (issue 30, decision 0360): written by the
 * module where it happens, inside its transaction, through `recordFriendEvent` (module
 * friend-events) — never updated or deleted by the app. `ref_id` is the thing it is about (the
 * tag, form, salon course, event, tracker…) for a funnel step's filter; `detail` is a small
 * note for people (never read by a funnel). Funnels read this log only, so a funnel works over
 * history (the migration backfills it from the existing tables).
 */
export const FRIEND_EVENT_KINDS_SQL = `'follow', 'unfollow', 'tracker_arrival', 'tag_added', 'form_answered', 'salon_booked', 'salon_visited', 'event_booked', 'event_attended', 'message_read'`;

export const friendEvents = pgTable(
  'friend_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    refId: integer(),
    detail: text().notNull().default(''),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A funnel step reads one kind (and ref) of an account, per friend in time order
    // (decision 0362): an index-only scan gives each friend's first time.
    index('friend_events_step_idx').on(
      table.accountId,
      table.kind,
      table.refId,
      table.memberId,
      table.occurredAt,
    ),
    // A step of any ref (ref_id null) and the ordered steps' probes per friend read one kind
    // of an account by friend then time; ref_id trails (drizzle has no INCLUDE) so filtered
    // steps stay index-only (decision 0433): each probe one range, not one per ref.
    index('friend_events_kind_member_idx').on(
      table.accountId,
      table.kind,
      table.memberId,
      table.occurredAt,
      table.refId,
    ),
    index('friend_events_member_idx').on(table.memberId, table.occurredAt),
    check('friend_events_kind_check', sql.raw(`"kind" in (${FRIEND_EVENT_KINDS_SQL})`)),
  ],
);

/**
 * Each friend's times per kind and ref, kept from the friend events log by statement triggers
 * on its inserts and deletes (migration 0055, decision 0510), so a funnel reads one index entry
 * per friend and step instead of the log's entries. `ref_id` 0 is every ref of the kind (a step
 * with no filter; ids start at 1). `times` is every time, sorted (duplicates kept), up to
 * FRIEND_EVENT_SPAN_TIMES; past that it is null and a funnel reads that friend's times from the
 * log. Never written by the app.
 */
export const FRIEND_EVENT_SPAN_TIMES = 200;

export const friendEventSpans = pgTable(
  'friend_event_spans',
  {
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    refId: integer().notNull(),
    firstAt: timestamp({ withTimezone: true }).notNull(),
    lastAt: timestamp({ withTimezone: true }).notNull(),
    times: timestamp({ withTimezone: true }).array(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.kind, table.refId, table.memberId] }),
    // A step reads one (account, kind, ref) in friend order, index-only (drizzle has no INCLUDE,
    // so the span trails as key columns; 200 times keep an entry under btree's size limit).
    index('friend_event_spans_step_idx').on(
      table.accountId,
      table.kind,
      table.refId,
      table.memberId,
      table.firstAt,
      table.lastAt,
      table.times,
    ),
    index('friend_event_spans_member_idx').on(table.memberId),
  ],
);

/**
 * Saved funnels of an account (decision 0361): the steps, cohort and counting as the contracts'
 * `funnelInputSchema` spells them, validated on every write.
 */
export const funnels = pgTable(
  'funnels',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    definition: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('funnels_account_idx').on(table.accountId, table.id)],
);
