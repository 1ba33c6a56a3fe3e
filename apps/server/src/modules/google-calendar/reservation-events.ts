import { RESERVATION_STATUS, type SalonEventType } from '@tsunagu/contracts';
import { and, eq } from 'drizzle-orm';
import {
  googleCalendarAssociations,
  googleReservationEvents,
  salonCourses,
  salonReservations,
} from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import type { GoogleEventBody } from './provider.js';

/**
 * Writing a staff member's reservations to their linked calendar (decision 0273): what the
 * event should be now, read from the reservation, and the event it was written as.
 */

export type CalendarEventType = SalonEventType;

/** The event types after which a reservation's event may have to change (others never move it). */
export const CALENDAR_EVENT_TYPES: ReadonlySet<SalonEventType> = new Set([
  'create',
  'create_request',
  'update',
  'cancel',
  'approve_update_request',
  'approve_cancel_request',
  'delete',
]);

/**
 * Our own Google event id of a reservation: Google accepts a client's id of 5–1024 characters
 * a–v and 0–9 (base32hex), so a retried insert finds the first one instead of making another.
 */
export function eventIdOf(salonId: number, reservationId: number): string {
  return `tsunagu${salonId}s${reservationId}`;
}

/** The reservation as an event on its staff member's `reservation` calendar, or null (none). */
export async function wantedEvent(db: Executor, salonId: number, reservationId: number) {
  const [row] = await db
    .select({
      name: salonReservations.name,
      date: salonReservations.date,
      from: salonReservations.fromTime,
      to: salonReservations.toTime,
      status: salonReservations.status,
      resourceId: salonReservations.resourceId,
      courseName: salonCourses.name,
    })
    .from(salonReservations)
    .leftJoin(salonCourses, eq(salonCourses.id, salonReservations.courseId))
    .where(and(eq(salonReservations.salonId, salonId), eq(salonReservations.id, reservationId)));
  const holds =
    row?.status === RESERVATION_STATUS.requested || row?.status === RESERVATION_STATUS.confirmed;
  if (!row || !holds || row.resourceId === null) return null;
  const [link] = await db
    .select()
    .from(googleCalendarAssociations)
    .where(
      and(
        eq(googleCalendarAssociations.salonId, salonId),
        eq(googleCalendarAssociations.resourceId, row.resourceId),
        eq(googleCalendarAssociations.purpose, 'reservation'),
      ),
    );
  if (!link) return null;
  const requested = row.status === RESERVATION_STATUS.requested ? '【リクエスト中】' : '';
  const body: GoogleEventBody = {
    summary: `${requested}${row.name} 様${row.courseName ? `（${row.courseName}）` : ''}`,
    description: `つなぐの予約 #${reservationId}`,
    start: `${row.date}T${row.from}:00+09:00`,
    end: `${row.date}T${row.to}:00+09:00`,
  };
  return { tokenId: link.tokenId, calendarId: link.googleCalendarId, body };
}

export async function writtenEvent(db: Executor, reservationId: number) {
  const [row] = await db
    .select()
    .from(googleReservationEvents)
    .where(eq(googleReservationEvents.reservationId, reservationId));
  return row;
}

export async function recordWritten(
  db: Executor,
  values: {
    salonId: number;
    reservationId: number;
    tokenId: number;
    googleCalendarId: string;
    googleEventId: string;
  },
) {
  await db
    .insert(googleReservationEvents)
    .values(values)
    .onConflictDoUpdate({
      target: googleReservationEvents.reservationId,
      set: {
        tokenId: values.tokenId,
        googleCalendarId: values.googleCalendarId,
        googleEventId: values.googleEventId,
        updatedAt: new Date(),
      },
    });
}

export async function forgetWritten(db: Executor, reservationId: number) {
  await db
    .delete(googleReservationEvents)
    .where(eq(googleReservationEvents.reservationId, reservationId));
}
