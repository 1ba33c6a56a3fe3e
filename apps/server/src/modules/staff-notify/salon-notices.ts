import { SALON_EVENT_NOTICES } from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/raw.js';
import type { Executor } from '../../db/types.js';
import type { SalonEventDraft } from '../realtime/index.js';
import { reservationWhen, SALON_EVENT_KINDS } from './kinds.js';
import { recordStaffNotice } from './record.js';

/**
 * Staff notices of reservation changes (decisions 0280, 0295), recorded in the change's own
 * transaction — the console's and the booking page's alike go through the reservations' one
 * write path — so a crash after the commit never loses a notice and a rolled-back change never
 * makes one. Only the customer's own events make notices. The key names the transaction, the
 * reservation, the event and its request, so the same event drafted twice is one notice.
 */
export async function recordSalonNotices(
  tx: Executor,
  events: readonly SalonEventDraft[],
): Promise<void> {
  for (const event of events) {
    const kind = SALON_EVENT_KINDS[event.type];
    if (!kind || event.actor !== 'member') continue;
    const [row] = await selectRows<{
      xid: string;
      account_id: number;
      salon_name: string;
      member_id: number | null;
      name: string | null;
      date: string | null;
      from_time: string | null;
      course: string | null;
    }>(
      tx,
      sql`select pg_current_xact_id()::text as xid, s.account_id, s.name as salon_name,
          r.member_id, r.name, r.date::text as date, r.from_time, c.name as course
        from salons s
        left join salon_reservations r on r.id = ${event.reservationId} and r.salon_id = s.id
        left join salon_courses c on c.id = r.course_id
        where s.id = ${event.salonId}`,
    );
    if (!row) continue;
    const who = row.name || event.memberDisplayName;
    const details = [
      row.date && row.from_time ? reservationWhen(row.date, row.from_time) : null,
      row.course,
    ].filter(Boolean);
    const text = `${SALON_EVENT_NOTICES[event.type] ?? ''}：${who} 様${
      details.length > 0 ? `（${details.join('・')}）` : ''
    }`;
    const child = event.changeChildId ?? event.deleteChildId ?? '';
    await recordStaffNotice(tx, {
      accountId: row.account_id,
      key: `salon:x${row.xid}:r${event.reservationId}:${event.type}:${child}`,
      kind,
      text,
      memberId: row.member_id,
      link: row.date
        ? `/line/reserve/salon/timeline?salon=${event.salonId}&date=${row.date}`
        : null,
    });
  }
}
