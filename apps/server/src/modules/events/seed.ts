import { randomBytes } from 'node:crypto';
import { addDaysToDateValue, todayInTokyo } from '@tsunagu/contracts';
import { eventReservations, events, eventSlots } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { tokyoInstant } from '../../lib/tokyo-time.js';

/**
 * The demo's event (issue 27): an open 体験会 with two slots a week and two weeks ahead (10:00–
 * 12:00 Tokyo), two demo friends booked on the first, so EventList, `{id}/list` and the friend's
 * page show something at once.
 */
export async function seedDemoEvents(
  tx: Executor,
  input: { accountId: number; memberIds: number[]; now: Date },
) {
  const today = todayInTokyo(input.now);
  const [event] = await tx
    .insert(events)
    .values({
      accountId: input.accountId,
      publicKey: randomBytes(12).toString('base64url'),
      adminName: '12月 ヘッドスパ体験会',
      title: 'ヘッドスパ体験会',
      description: '30分のヘッドスパを体験いただけます。手ぶらでお越しください。',
      place: '店舗 2F 体験スペース',
      folder: '体験会',
      state: 'open',
      reminders: [
        {
          kind: 'day_before_at',
          days_before: 1,
          at: '18:00',
          text: '明日は{イベント名}です。{日時}、{場所}でお待ちしております。',
        },
      ],
    })
    .returning({ id: events.id });
  const slots = await tx
    .insert(eventSlots)
    .values(
      [7, 14].map((days, index) => {
        const date = addDaysToDateValue(today, days);
        return {
          accountId: input.accountId,
          eventId: event!.id,
          startsAt: tokyoInstant(date, '10:00:00'),
          endsAt: tokyoInstant(date, '12:00:00'),
          capacity: index === 0 ? 8 : 6,
          seatsTaken: index === 0 ? Math.min(2, input.memberIds.length) : 0,
        };
      }),
    )
    .returning({ id: eventSlots.id });
  const booked = input.memberIds.slice(0, 2);
  if (booked.length > 0)
    await tx.insert(eventReservations).values(
      booked.map((memberId) => ({
        accountId: input.accountId,
        eventId: event!.id,
        slotId: slots[0]!.id,
        memberId,
        source: 'member',
        limitKey: `e${event!.id}`,
        checkinCode: randomBytes(12).toString('base64url'),
        bookedAt: input.now,
      })),
    );
}
