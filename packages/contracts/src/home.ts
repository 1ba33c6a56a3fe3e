import { z } from 'zod';

/**
 * `GET /api/home` (issue 28): the owner's morning on one call — today's bookings and the
 * requests waiting, this week's new friends and blocks, unread chats, this month's sends, and
 * sends that failed this week. Counts only; each links to its screen.
 */
export const homeSummarySchema = z.object({
  /** Today in Tokyo, `YYYY-MM-DD`. */
  today: z.string(),
  /** Confirmed salon bookings of today, every salon of the account. */
  reservations_today: z.number().int(),
  /** Booking, change and cancel requests waiting for the shop (要対応), any day. */
  pending_requests: z.number().int(),
  /** Friends who followed in the last 7 days and still follow. */
  new_friends_week: z.number().int(),
  /** Friends who blocked the account in the last 7 days and still do. */
  blocks_week: z.number().int(),
  /** Chats with messages nobody has read yet. */
  unread_chats: z.number().int(),
  /** Messages sent from つなぐ this month (Tokyo), one per recipient, as LINE counts them. */
  sent_this_month: z.number().int(),
  /** LINE pushes and notification messages by phone that failed in the last 7 days. */
  failed_sends_week: z.number().int(),
});
export type HomeSummary = z.infer<typeof homeSummarySchema>;
