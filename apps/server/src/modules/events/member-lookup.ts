import { EVENT_MESSAGES, PUBLIC_KEY_PATTERN } from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import * as repository from './repository.js';
import { bookingWindowRefusal, slotLabel } from './slot-times.js';
import type { EventRow, SlotRow } from './views.js';

const WINDOW_TEXT = {
  not_yet: '受付開始前です',
  closed: '受付を終了しました',
} as const;

/**
 * The friend's event and slot by the page's public key (a 下書き is not found), and whether a
 * slot takes a booking now.
 */
export function createMemberLookup(deps: { db: Database; clock: () => Date }) {
  const { db } = deps;

  async function eventOfKey(publicKey: string): Promise<EventRow> {
    const event = PUBLIC_KEY_PATTERN.test(publicKey)
      ? await repository.findEventByKey(db, publicKey)
      : undefined;
    if (!event || event.state === 'draft') throw new NotFoundError(EVENT_MESSAGES.eventNotFound);
    return event;
  }

  async function slotOf(event: EventRow, slotId: number): Promise<SlotRow> {
    const slot = await repository.findSlot(db, event.id, slotId);
    if (!slot) throw new NotFoundError(EVENT_MESSAGES.slotNotFound);
    return slot;
  }

  /** Why this slot takes no booking now ('' when it does). */
  function refusalOf(event: EventRow, slot: SlotRow): string {
    if (event.state !== 'open') return EVENT_MESSAGES.notOpen;
    const window = bookingWindowRefusal(slot, event.defaultCloseHour, deps.clock());
    return window ? WINDOW_TEXT[window] : '';
  }

  function assertBookable(event: EventRow, slot: SlotRow) {
    if (event.state !== 'open') throw new ConflictError(EVENT_MESSAGES.notOpen);
    if (bookingWindowRefusal(slot, event.defaultCloseHour, deps.clock()))
      throw new ConflictError(EVENT_MESSAGES.slotNotBookable(slotLabel(slot.startsAt)));
  }

  return { eventOfKey, slotOf, refusalOf, assertBookable };
}

export type MemberLookup = ReturnType<typeof createMemberLookup>;
