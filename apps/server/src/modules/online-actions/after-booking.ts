import { createFriendMessageRenderer } from '../message-rendering/index.js';
import type { Database } from '../../db/types.js';
import type { PushQueue } from '../line-push/index.js';
import { textMessage } from '../line-push/index.js';
import { type RenderMessage } from '../message-aliases/index.js';
import type { PublishEvents } from '../realtime/index.js';
import { tagMemberByName } from '../tags/index.js';
import { claimRun, enabledActions, memberFace, type OnlineAction } from './repository.js';

export interface CustomerBooking {
  salonId: number;
  accountId: number;
  memberId: number;
  reservationId: number;
}

export interface ActionLog {
  error(entry: Record<string, unknown>, message: string): void;
}

/** The push of send_message for a booking: its dedupe key (one per reservation). */
export const bookingMessageKey = (reservationId: number) => `online:${reservationId}:send_message`;

/**
 * The online actions run after a customer's booking from the booking page has committed
 * (decision 0131): notify_operators (a console notice), add_tag, send_message (a push). Each
 * runs at most once per reservation (claimed first), and each on its own: a failing action is
 * logged and never undoes the booking nor stops the others. remind_day_before is the
 * scheduler's (reminders.ts).
 */
export function createAfterBooking(deps: {
  db: Database;
  publish: PublishEvents;
  pushes: PushQueue;
  log: ActionLog;
  /** Writes the friend's values into send_message's text (decision 0157). */
  renderMessage?: RenderMessage;
}) {
  const { db, publish, pushes } = deps;
  const renderMessage = deps.renderMessage ?? createFriendMessageRenderer(db);

  async function run(action: OnlineAction, booking: CustomerBooking) {
    switch (action.type) {
      case 'notify_operators': {
        const face = await memberFace(db, booking.memberId);
        await publish([
          {
            salonId: booking.salonId,
            reservationId: booking.reservationId,
            type: 'online_notice',
            actor: 'member',
            memberDisplayName: face.displayName,
            iconUrl: face.iconUrl,
            ...(action.text ? { noticeText: action.text } : {}),
          },
        ]);
        return;
      }
      case 'add_tag':
        if (action.text)
          await tagMemberByName(db, booking.accountId, booking.memberId, action.text);
        return;
      case 'send_message': {
        if (!action.text) return;
        const text = await renderMessage(booking.accountId, booking.memberId, action.text);
        // Only aliases, none with a value: there is nothing to say (LINE refuses an empty text).
        if (text.trim() === '') return;
        await pushes.enqueue(
          db,
          booking.accountId,
          booking.memberId,
          [textMessage(text)],
          bookingMessageKey(booking.reservationId),
        );
        return;
      }
      case 'remind_day_before':
        return;
    }
  }

  return async function afterBooking(booking: CustomerBooking): Promise<void> {
    let actions: OnlineAction[];
    try {
      actions = await enabledActions(db, booking.salonId);
    } catch (error) {
      deps.log.error({ err: error, ...booking }, 'online actions: could not be read');
      return;
    }
    for (const action of actions) {
      if (action.type === 'remind_day_before') continue;
      try {
        if (await claimRun(db, booking.reservationId, action.type)) await run(action, booking);
      } catch (error) {
        deps.log.error({ err: error, action: action.type, ...booking }, 'online action failed');
      }
    }
  };
}

export type AfterBooking = ReturnType<typeof createAfterBooking>;
