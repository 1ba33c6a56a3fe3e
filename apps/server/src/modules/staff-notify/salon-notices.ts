import { SALON_EVENT_NOTICES, type SalonReservationEvent } from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/raw.js';
import type { Database } from '../../db/types.js';
import { reservationWhen, SALON_EVENT_KINDS } from './kinds.js';
import { recordStaffNotice } from './record.js';

/**
 * Staff notices of published salon events (decision 0280). Every reservation change — the
 * console's and the booking page's — is published once by the salon's event publisher after its
 * commit; this runs there, for the customer's own events, keyed by the event's id so a notice
 * is made once. A failure is logged by the caller: the reservation change has succeeded.
 */
export async function recordSalonNotices(
  db: Database,
  events: readonly SalonReservationEvent[],
): Promise<void> {
  for (const event of events) {
    const kind = SALON_EVENT_KINDS[event.event_type];
    if (!kind || event.actor !== 'member') continue;
    const [row] = await selectRows<{
      account_id: number;
      salon_name: string;
      member_id: number | null;
      name: string | null;
      date: string | null;
      from_time: string | null;
      course: string | null;
    }>(
      db,
      sql`select s.account_id, s.name as salon_name, r.member_id, r.name,
          r.date::text as date, r.from_time, c.name as course
        from salons s
        left join salon_reservations r on r.id = ${event.reservation_id} and r.salon_id = s.id
        left join salon_courses c on c.id = r.course_id
        where s.id = ${event.salon_id}`,
    );
    if (!row) continue;
    const who = row.name || event.member_display_name;
    const details = [
      row.date && row.from_time ? reservationWhen(row.date, row.from_time) : null,
      row.course,
    ].filter(Boolean);
    const text = `${SALON_EVENT_NOTICES[event.event_type] ?? ''}：${who} 様${
      details.length > 0 ? `（${details.join('・')}）` : ''
    }`;
    await db.transaction(async (tx) => {
      await recordStaffNotice(tx, {
        accountId: row.account_id,
        key: `salon:${event.id}`,
        kind,
        text,
        memberId: row.member_id,
        link: row.date
          ? `/line/reserve/salon/timeline?salon=${event.salon_id}&date=${row.date}`
          : null,
      });
    });
  }
}
