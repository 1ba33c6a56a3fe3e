import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import { RESERVATION_STATUS } from '@tsunagu/contracts';
import {
  salonCourses,
  salonReservationChildren,
  salonReservations,
  salonResources,
} from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

/**
 * The front desk's reads (issue 26): what waits for a judgement on any day, bookings found by
 * name, kana or phone, and one customer's bookings.
 */

export interface PendingRef {
  kind: 'booking' | 'change' | 'cancel';
  reservationId: number;
  childId: number | null;
  requestedAt: Date;
}

/**
 * Booking requests (status リクエスト中) and pending change and cancel requests of the salon,
 * on any day, oldest first, with their total. Requests of cancelled or refused bookings are
 * settled when the booking is (denyPendingChildren), so none is left here.
 */
export async function pendingOfSalon(
  db: Executor,
  salonId: number,
  limit: number,
): Promise<{ count: number; refs: PendingRef[] }> {
  const bookings = db
    .select({
      kind: sql<string>`'booking'`.as('kind'),
      reservationId: sql<number>`${salonReservations.id}`.as('reservation_id'),
      childId: sql<number | null>`null::integer`.as('child_id'),
      requestedAt: sql<Date>`${salonReservations.createdAt}`.as('requested_at'),
    })
    .from(salonReservations)
    .where(
      and(
        eq(salonReservations.salonId, salonId),
        eq(salonReservations.status, RESERVATION_STATUS.requested),
      ),
    );
  const children = db
    .select({
      kind: sql<string>`${salonReservationChildren.kind}`.as('kind'),
      reservationId: sql<number>`${salonReservationChildren.reservationId}`.as('reservation_id'),
      childId: sql<number | null>`${salonReservationChildren.id}`.as('child_id'),
      requestedAt: sql<Date>`${salonReservationChildren.createdAt}`.as('requested_at'),
    })
    .from(salonReservationChildren)
    .where(
      and(
        eq(salonReservationChildren.salonId, salonId),
        eq(salonReservationChildren.state, 'pending'),
      ),
    );
  const all = bookings.unionAll(children).as('pending');
  const rows = await db
    .select({
      kind: all.kind,
      reservationId: all.reservationId,
      childId: all.childId,
      requestedAt: all.requestedAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(all)
    .orderBy(asc(all.requestedAt), asc(all.reservationId), asc(all.childId))
    .limit(limit);
  return {
    count: rows[0]?.total ?? 0,
    refs: rows.map((row) => ({
      kind: (row.kind === 'booking' ? 'booking' : row.kind) as PendingRef['kind'],
      reservationId: Number(row.reservationId),
      childId: row.childId === null ? null : Number(row.childId),
      requestedAt: new Date(row.requestedAt),
    })),
  };
}

/** The text the search index covers (salon_reservations_search_bigrams): keep them identical. */
const searchText = sql`(${salonReservations.name} || ' ' || ${salonReservations.kana} || ' ' || ${salonReservations.phone})`;

/** `%`, `_` and `\` of a search are literal in ILIKE. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Bookings whose name, kana or phone holds one of `spellings` (the newest first). Two
 * characters or more go through the pair index (`chat_bigrams … @>`), then ILIKE makes it exact
 * (decision 0275).
 */
export async function searchReservationIds(
  db: Executor,
  salonId: number,
  spellings: readonly string[],
  limit: number,
): Promise<number[]> {
  const matches = spellings.map((text) =>
    [...text].length >= 2
      ? sql`(chat_bigrams${searchText} @> chat_bigrams(${text}) AND ${searchText} ILIKE ${likePattern(text)})`
      : sql`${searchText} ILIKE ${likePattern(text)}`,
  );
  const conditions = [eq(salonReservations.salonId, salonId), or(...matches)];
  const rows = await db
    .select({ id: salonReservations.id })
    .from(salonReservations)
    .where(and(...conditions))
    .orderBy(
      desc(salonReservations.date),
      desc(salonReservations.fromTime),
      desc(salonReservations.id),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}

export interface CustomerBookingRow {
  id: number;
  name: string;
  kana: string;
  phone: string;
  memberId: number | null;
  date: string;
  from: string;
  to: string;
  status: number;
  visitStatus: number;
  metaData: unknown;
  comment: string;
  courseName: string | null;
  staffName: string | null;
}

/**
 * One customer's bookings in the salon, newest first: a friend's by `member_id`
 * (salon_reservations_member_date_idx), else every booking that gives the phone
 * (salon_reservations_salon_phone_idx).
 */
export async function bookingsOfCustomer(
  db: Executor,
  salonId: number,
  customer: CustomerKey,
  limit: number,
  /** A page after this booking of the list (keyset: date, from, id; newest first). */
  before?: number,
): Promise<CustomerBookingRow[]> {
  return db
    .select({
      id: salonReservations.id,
      name: salonReservations.name,
      kana: salonReservations.kana,
      phone: salonReservations.phone,
      memberId: salonReservations.memberId,
      date: salonReservations.date,
      from: salonReservations.fromTime,
      to: salonReservations.toTime,
      status: salonReservations.status,
      visitStatus: salonReservations.visitStatus,
      metaData: salonReservations.metaData,
      comment: salonReservations.comment,
      courseName: salonCourses.name,
      staffName: salonResources.name,
    })
    .from(salonReservations)
    .leftJoin(salonCourses, eq(salonCourses.id, salonReservations.courseId))
    .leftJoin(salonResources, eq(salonResources.id, salonReservations.resourceId))
    .where(
      and(
        eq(salonReservations.salonId, salonId),
        ofCustomer(customer),
        before === undefined
          ? undefined
          : sql`(${salonReservations.date}, ${salonReservations.fromTime}, ${salonReservations.id})
              < (select b.date, b.from_time, b.id from salon_reservations b
                 where b.id = ${before} and b.salon_id = ${salonId})`,
      ),
    )
    .orderBy(
      desc(salonReservations.date),
      desc(salonReservations.fromTime),
      desc(salonReservations.id),
    )
    .limit(limit);
}

export type CustomerKey = { memberId: number } | { phone: string };

function ofCustomer(customer: CustomerKey) {
  return 'memberId' in customer
    ? eq(salonReservations.memberId, customer.memberId)
    : eq(salonReservations.phone, customer.phone);
}

/**
 * One customer's card head over all their bookings (not one page): how many, how many visited,
 * no-shows, cancelled; the newest booking's name, and the newest kana and phone given.
 */
export async function customerSummary(
  db: Executor,
  salonId: number,
  customer: CustomerKey,
  statuses: { visited: number; noShow: number; cancelled: number },
) {
  const order = sql`${salonReservations.date} desc, ${salonReservations.fromTime} desc, ${salonReservations.id} desc`;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      visited: sql<number>`(count(*) filter (where ${salonReservations.visitStatus} = ${statuses.visited}))::int`,
      noShow: sql<number>`(count(*) filter (where ${salonReservations.visitStatus} = ${statuses.noShow}))::int`,
      cancelled: sql<number>`(count(*) filter (where ${salonReservations.status} = ${statuses.cancelled}))::int`,
      name: sql<string | null>`(array_agg(${salonReservations.name} order by ${order}))[1]`,
      kana: sql<string | null>`(array_agg(${salonReservations.kana} order by ${order})
        filter (where ${salonReservations.kana} <> ''))[1]`,
      phone: sql<string | null>`(array_agg(${salonReservations.phone} order by ${order})
        filter (where ${salonReservations.phone} <> ''))[1]`,
    })
    .from(salonReservations)
    .where(and(eq(salonReservations.salonId, salonId), ofCustomer(customer)));
  return {
    total: row?.total ?? 0,
    visited: row?.visited ?? 0,
    noShow: row?.noShow ?? 0,
    cancelled: row?.cancelled ?? 0,
    name: row?.name ?? '',
    kana: row?.kana ?? '',
    phone: row?.phone ?? '',
  };
}
