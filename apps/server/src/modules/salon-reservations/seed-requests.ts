import { RESERVATION_STATUS, type ReservationInput } from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import { minutesOf, timeOf } from '../../lib/business-time.js';
import { createMemberRequestService } from './member-requests.js';
import type { Planned } from './seed-plan.js';
import { createReservationCore } from './service.js';

/**
 * The demo's member requests — changes, cancels and new requests — made through the
 * member-request service the booking page uses, on the seeded reservations and the free hours at
 * the end of staff-days.
 */
export async function seedDemoMemberRequests(
  tx: Database,
  input: {
    salon: { id: number; accountId: number };
    planned: Planned[];
    reservationRows: { id: number; status: number }[];
    dayEnds: { resourceId: number; date: string; end: number; close: number }[];
    memberIds: number[];
    courseIds: number[];
    today: string;
  },
): Promise<void> {
  const { salon, planned, reservationRows, dayEnds, memberIds, courseIds, today } = input;
  // Member requests through the service the booking page will use (no events published: the
  // seed runs before anyone listens).
  const memberRequests = createMemberRequestService(
    createReservationCore({ db: tx, publish: async () => {} }),
  );
  const future = planned
    .map((p, index) => ({
      ...p,
      id: reservationRows[index]?.id ?? 0,
      status: reservationRows[index]?.status ?? 0,
    }))
    .filter((p) => p.date > today && p.status === RESERVATION_STATUS.confirmed);
  const openings = dayEnds.filter((d) => d.date > today && d.close - d.end >= 60);
  // Change requests: move a reservation to the free hour at the end of another staff-day.
  for (const [index, opening] of openings.slice(0, 3).entries()) {
    const target = future.find(
      (p) =>
        p.status === RESERVATION_STATUS.confirmed &&
        p.resourceId !== opening.resourceId &&
        p.subResourceIds.length === 0 &&
        minutesOf(p.to) - minutesOf(p.from) <= 60 &&
        p.date !== opening.date &&
        future.indexOf(p) >= index * 10,
    );
    if (!target) continue;
    const duration = minutesOf(target.to) - minutesOf(target.from);
    await memberRequests.requestChange(salon, target.memberId, target.id, {
      date: opening.date,
      from: timeOf(opening.end),
      to: timeOf(opening.end + duration),
      salon_resource_id: opening.resourceId,
    });
    opening.end += duration;
    target.status = 0; // not reused below
  }
  // Cancel requests on three others.
  for (const target of future
    .filter((p) => p.status === RESERVATION_STATUS.confirmed)
    .filter((_, i) => i % 17 === 5)
    .slice(0, 3)) {
    await memberRequests.requestCancel(salon, target.memberId, target.id);
  }
  // New requests (status requested) in the remaining free hours.
  for (const opening of openings.slice(3, 6)) {
    if (opening.close - opening.end < 60) continue;
    const request: Pick<
      ReservationInput,
      'date' | 'from' | 'to' | 'course_id' | 'salon_resource_id' | 'sub_resource_ids' | 'comment'
    > = {
      date: opening.date,
      from: timeOf(opening.end),
      to: timeOf(opening.end + 60),
      course_id: courseIds[0] ?? null,
      salon_resource_id: opening.resourceId,
      sub_resource_ids: [],
      comment: '初めてです。よろしくお願いします',
    };
    await memberRequests.requestReservation(
      salon,
      memberIds[(opening.end + 17) % memberIds.length] ?? 0,
      request,
    );
  }
}
