import { z } from 'zod';

/**
 * A friend's reservations in the account's salons, newest first, for the friend's detail page
 * (issue 13): `GET /api/line/friends/{id}/reservations`, any operator of the account.
 */
export const FRIEND_RESERVATIONS_LIMIT = 50;

export const friendReservationSchema = z.object({
  id: z.number().int(),
  salon_id: z.number().int(),
  salon_name: z.string(),
  date: z.string(),
  from_time: z.string(),
  to_time: z.string(),
  course_name: z.string().nullable(),
  status: z.number().int(),
});
export type FriendReservation = z.infer<typeof friendReservationSchema>;
