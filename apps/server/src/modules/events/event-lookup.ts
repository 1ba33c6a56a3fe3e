import { EVENT_MESSAGES } from '@tsunagu/contracts';
import type { Executor } from '../../db/types.js';
import { NotFoundError } from '../../lib/errors.js';
import * as repository from './repository.js';
import { slotView, type EventRow } from './views.js';

/** The account's event, or 404. */
export async function eventOf(
  executor: Executor,
  accountId: number,
  id: number,
): Promise<EventRow> {
  const event = await repository.findEvent(executor, accountId, id);
  if (!event) throw new NotFoundError(EVENT_MESSAGES.eventNotFound);
  return event;
}

/** The event's slots with their bookings and waitlist counted. */
export async function slotsView(executor: Executor, event: EventRow) {
  const slots = await repository.slotsOf(executor, [event.id]);
  const counts = await repository.slotCounts(executor, [event.id]);
  return slots.map((slot) =>
    slotView(slot, event.defaultCloseHour, repository.countsOf(counts, slot.id)),
  );
}
