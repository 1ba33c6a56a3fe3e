import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  jsonb,
  check,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';

/**
 * The LINE official account an account connected (one per account, decision 0045): the Messaging
 * API channel's id and its secret and access token (both sealed, lib/secret-box.ts), the bot that
 * webhook calls name as their `destination`, and the LINE Login channel and LIFF app of the
 * account's booking page and answer forms. `state` 'attention' pauses sending until the
 * operator fixes the channel (LINE refused its token).
 */
export const lineChannels = pgTable(
  'line_channels',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    channelId: text().notNull(),
    channelSecret: text().notNull(),
    /** Sealed; a long-lived token given by the operator, or the current stateless token. */
    accessToken: text(),
    /** 'long-lived' (given) or 'stateless' (issued from the id and secret, 15 minutes). */
    tokenKind: text().notNull(),
    tokenExpiresAt: timestamp({ withTimezone: true }),
    botUserId: text(),
    basicId: text().notNull().default(''),
    displayName: text().notNull().default(''),
    pictureUrl: text().notNull().default(''),
    pnpEnabled: boolean().notNull().default(false),
    loginChannelId: text().notNull().default(''),
    /** Sealed (issue 29): the LINE Login channel's secret, for trackers' code exchange. */
    loginChannelSecret: text().notNull().default(''),
    liffId: text().notNull().default(''),
    /**
     * The trackers' LIFF app (decision 0476), '' when none: its endpoint is `{origin}/t/liff`,
     * which the booking page's LIFF app (`liffId`, endpoint under `/r/`) cannot share.
     */
    trackerLiffId: text().notNull().default(''),
    state: text().notNull().default('ok'),
    stateReason: text().notNull().default(''),
    stateChangedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Why the LINE Login channel (LIFF) needs the operator's attention, '' when nothing is known
     * to be wrong (decision 0182): a LIFF sign-in LINE calls a friend whose user id no friend has.
     * Sending is not paused by it; saving the channel clears it.
     */
    loginAttention: text().notNull().default(''),
    /**
     * This month's message quota is used up (decision 0186): pushes of the account wait until
     * then (the first of next month, Tokyo time), or until 確認 finds room again. The counts
     * are LINE's when the pause began.
     */
    quotaPausedUntil: timestamp({ withTimezone: true }),
    quotaLimit: integer(),
    quotaUsed: integer(),
    /**
     * Opening a chat thread also marks the friend's messages read on LINE (`POST
     * /v2/bot/chat/markAsRead`, issue 24); off by default (the friend then sees 既読).
     */
    chatMarkAsRead: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('line_channels_account').on(table.accountId),
    uniqueIndex('line_channels_bot_user')
      .on(table.botUserId)
      .where(sql`${table.botUserId} is not null`),
    check('line_channels_state_check', sql`${table.state} in ('ok', 'attention')`),
    check('line_channels_token_kind_check', sql`${table.tokenKind} in ('long-lived', 'stateless')`),
  ],
);

/**
 * Which process sends for an account's channel now (decision 0045): a channel is leased to one
 * dispatcher at a time, renewed while it sends, so LINE's per-channel rate limit holds across
 * any number of worker processes.
 */
export const lineSendLeases = pgTable('line_send_leases', {
  accountId: integer()
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  holder: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * LINE webhook events per account's channel (decision 0195): recorded in the webhook request
 * (`webhookEventId` once per account, so a redelivery is ignored), handled after the answer by
 * the webhook event processor. `pending` rows wait for it — in the order recorded per `subject`
 * (the friend's, group's or room's LINE id), retried with back-off after a failure. Rows older
 * than the de-duplication window (7 days) that are no longer pending are deleted in batches.
 */
export const lineWebhookEvents = pgTable(
  'line_webhook_events',
  {
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    webhookEventId: text().notNull(),
    type: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The order of recording: events of one subject are handled in this order. */
    seq: bigserial({ mode: 'number' }).notNull(),
    /** Whose events keep their order: source.userId, groupId or roomId; null for none. */
    subject: text(),
    /** The event as LINE sent it (checked against LINE's definition); null before 0195. */
    payload: jsonb(),
    /** Waiting to be handled; false once handled (or given up) and for events nothing handles. */
    pending: boolean().notNull().default(false),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp({ withTimezone: true }),
    /** The last failure of a handler (kept when the event was given up). */
    lastError: text(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.webhookEventId] }),
    index('line_webhook_events_pending_idx')
      .on(table.seq)
      .where(sql`${table.pending}`),
    index('line_webhook_events_subject_idx')
      .on(table.accountId, table.subject, table.seq)
      .where(sql`${table.pending}`),
    index('line_webhook_events_prune_idx')
      .on(table.receivedAt)
      .where(sql`not ${table.pending}`),
  ],
);
