import { and, eq, inArray, sql } from 'drizzle-orm';
import { EVENT_MESSAGES } from '@tsunagu/contracts';
import { eventReservations } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { ConflictError } from '../../lib/errors.js';
import { recordFriendEvent } from '../friend-events/index.js';
import type { BookingEffects } from './booking-effects.js';
import { HOLDING } from './seat-states.js';
import type { EventRow } from './views.js';

/** Attendance of a seat-holding reservation (出席 / 欠席 / back to 予約済み). */
export function createAttendance(effects: BookingEffects) {
  const { runEventActions } = effects;

  /** Marks attendance states; 出席 runs the attendance actions once. */
  async function markAttendance(
    tx: Executor,
    event: EventRow,
    reservationId: number,
    state: 'booked' | 'attended' | 'absent',
  ) {
    const [before] = await tx
      .select({ attendedAt: eventReservations.attendedAt })
      .from(eventReservations)
      .where(eq(eventReservations.id, reservationId))
      .for('update');
    const [row] = await tx
      .update(eventReservations)
      .set({
        state,
        attendedAt:
          state === 'attended' ? sql`coalesce(${eventReservations.attendedAt}, now())` : null,
      })
      .where(
        and(
          eq(eventReservations.id, reservationId),
          inArray(eventReservations.state, [...HOLDING]),
        ),
      )
      .returning();
    if (!row) throw new ConflictError(EVENT_MESSAGES.alreadyCancelled);
    // The friends log (decision 0360): the first 出席 only (a re-mark keeps its time).
    if (state === 'attended' && !before?.attendedAt)
      await recordFriendEvent(tx, {
        memberId: row.memberId,
        kind: 'event_attended',
        refId: event.id,
        at: row.attendedAt ?? undefined,
      });
    if (state === 'attended')
      await runEventActions(
        tx,
        event,
        row.memberId,
        `event-attend:${row.id}`,
        event.actionsOnAttendance,
      );
    return row;
  }

  return { markAttendance };
}
