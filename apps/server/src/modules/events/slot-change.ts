import { and, eq } from 'drizzle-orm';
import { eventReservations, members } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { textMessage, type PushQueue } from '../line-push/index.js';
import { slotChangedText } from './texts.js';
import type { EventRow, SlotRow } from './views.js';

export interface SlotChangeNotice {
  pushes: PushQueue;
  /** The console's public origin (PUBLIC_ORIGIN) for the page link; '' for none. */
  origin: string;
}

type Where = Pick<SlotRow, 'startsAt' | 'endsAt' | 'place'>;

/** Whether the friend would notice: the date, a time or the place (the slot's own or the event's). */
export function slotMoved(before: Where, after: Where): boolean {
  return (
    before.startsAt.getTime() !== after.startsAt.getTime() ||
    before.endsAt.getTime() !== after.endsAt.getTime() ||
    before.place !== after.place
  );
}

/**
 * Tells each friend still booked on a slot that staff moved it (issue 27, decision 0380): one
 * LINE push per booking per change, in the edit's transaction, under the key
 * `event-slot-changed:{reservation}:{change instant}` — the push pipeline sends it with
 * `X-Line-Retry-Key`, so a retried send never doubles it; a rolled-back edit sends nothing.
 */
export async function noticeSlotChange(
  tx: Executor,
  deps: SlotChangeNotice,
  event: EventRow,
  before: Where,
  after: SlotRow,
  now: Date,
): Promise<number> {
  const booked = await tx
    .select({
      id: eventReservations.id,
      memberId: eventReservations.memberId,
      name: members.displayName,
    })
    .from(eventReservations)
    .innerJoin(members, eq(members.id, eventReservations.memberId))
    .where(and(eq(eventReservations.slotId, after.id), eq(eventReservations.state, 'booked')));
  const pageUrl = deps.origin ? `${deps.origin}/e/${event.publicKey}` : '';
  for (const row of booked) {
    const text = slotChangedText(
      {
        title: event.title,
        startsAt: after.startsAt,
        endsAt: after.endsAt,
        place: after.place || event.place,
        onlineUrl: event.onlineUrl,
        friendName: row.name,
        pageUrl,
      },
      before.startsAt,
    );
    await deps.pushes.enqueue(
      tx,
      event.accountId,
      row.memberId,
      [textMessage(text)],
      `event-slot-changed:${row.id}:${now.getTime()}`,
    );
  }
  return booked.length;
}
