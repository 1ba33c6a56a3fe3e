import { z } from 'zod';

/**
 * Live events of an account (decision 0241): one Server-Sent Events stream per signed-in
 * operator, `GET /api/line/events`, carrying every kind of account-wide change. Each event has
 * a kind: the board's is `board`, the chat's `chat` (decision 0236: the one stream of the
 * account). Other features add their kinds beside them; a client ignores kinds it does not know.
 */
export const ACCOUNT_EVENT = 'account_event';
export const ACCOUNT_EVENTS_PATH = '/api/line/events';

/** What every account event carries; the rest depends on its kind. */
export const accountEventSchema = z.looseObject({
  id: z.number().int(),
  account_id: z.number().int(),
  kind: z.string(),
  occurred_at: z.string(),
});
export type AccountEvent = z.infer<typeof accountEventSchema>;

/**
 * The board changed: a card was added, moved, edited or removed (`friend_id` set), or the
 * columns changed (`friend_id` null). `actor_id` is the operator who did it (null: the system).
 */
export const boardEventSchema = accountEventSchema.extend({
  kind: z.literal('board'),
  change: z.enum(['card', 'columns']),
  friend_id: z.number().int().nullable(),
  column_id: z.number().int().nullable(),
  version: z.number().int().nullable(),
  actor_id: z.number().int().nullable(),
});
export type BoardEvent = z.infer<typeof boardEventSchema>;

/**
 * The chat changed (decision 0236): a message came or went (`message`, `unsent`), a friend's
 * media arrived (`media`), a thread's state, assignee (`state`) or read state (`read`) changed.
 * Events carry no message content: the console reads the inbox entry and thread again.
 */
export const chatEventSchema = accountEventSchema.extend({
  kind: z.literal('chat'),
  type: z.enum(['message', 'state', 'read', 'unsent', 'media']),
  friend_id: z.number().int(),
  /** The message concerned (`m{id}`/`p{id}`), if any. */
  message_id: z.string().nullable(),
});
export type ChatEvent = z.infer<typeof chatEventSchema>;
