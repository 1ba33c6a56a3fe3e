import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventTest, type EventTest } from '../../../test/events/event-page.js';
import type { MemberClient } from '../../../test/helpers/member-session.js';
import { eventReservations, eventSlots, eventWaitlist } from '../../db/schema/index.js';

/**
 * Capacity is a fact of the database (issue 27, decision 0311): parallel bookings, cancels and
 * waitlist promotions through the HTTP API never put more friends in a slot than its seats, and
 * the once-per-event limit holds when one friend taps twice at once.
 */
describe('event seats under races', () => {
  let e: EventTest;
  let event: { id: number; public_key: string };

  const book = (client: MemberClient, slotId: number, key = event.public_key) =>
    client.post(`/api/event_booking/${key}/slots/${slotId}/reservations`, { answers: {} });
  const seatsOf = async (slotId: number) => {
    const [slot] = await e.t.app.db.select().from(eventSlots).where(eq(eventSlots.id, slotId));
    const rows = await e.t.app.db
      .select()
      .from(eventReservations)
      .where(eq(eventReservations.slotId, slotId));
    const offers = await e.t.app.db
      .select()
      .from(eventWaitlist)
      .where(eq(eventWaitlist.slotId, slotId));
    const holding = rows.filter((row) => ['booked', 'attended', 'absent'].includes(row.state));
    return {
      taken: slot!.seatsTaken,
      capacity: slot!.capacity,
      holding: holding.length,
      offered: offers.filter((row) => row.state === 'offered').length,
      reservations: rows,
    };
  };

  beforeAll(async () => {
    e = await openEventTest();
    event = await e.createEvent({ booking_limit: 'per_event' });
  });
  afterAll(async () => {
    await e.close();
  });

  it('50 parallel bookings for 10 seats: exactly 10 booked, 40 told the slot is full', async () => {
    const slot = (await e.addSlot(event.id, 10)).id;
    const friends = await Promise.all(
      Array.from({ length: 50 }, () => e.newFriend(event.public_key)),
    );
    const responses = await Promise.all(friends.map(({ client }) => book(client, slot)));
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(10);
    expect(codes.filter((code) => code === 409)).toHaveLength(40);
    for (const response of responses.filter((r) => r.statusCode === 409))
      expect(response.json().message).toContain('の回は満席です');
    const seats = await seatsOf(slot);
    expect(seats).toMatchObject({ taken: 10, holding: 10, capacity: 10 });
  });

  it('a friend booking twice at once where once per event: exactly 1', async () => {
    const slotA = (await e.addSlot(event.id, 20, 8)).id;
    const slotB = (await e.addSlot(event.id, 20, 9)).id;
    const { client } = await e.newFriend(event.public_key);
    const responses = await Promise.all([
      book(client, slotA),
      book(client, slotB),
      book(client, slotA),
      book(client, slotB),
    ]);
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409]);
    const refused = responses.find((response) => response.statusCode === 409)!;
    expect(refused.json().message).toBe('このイベントはすでに予約済みです（1人1回まで）');
    const seats = [await seatsOf(slotA), await seatsOf(slotB)];
    expect(seats[0]!.taken + seats[1]!.taken).toBe(1);
    expect(seats[0]!.holding + seats[1]!.holding).toBe(1);
  });

  it('20 parallel cancels with waitlist promotions and new bookings: never above capacity', async () => {
    const open = await e.createEvent({ booking_limit: 'per_slot', waitlist_enabled: true });
    const slot = (await e.addSlot(open.id, 20)).id;
    const holders = await Promise.all(
      Array.from({ length: 20 }, () => e.newFriend(open.public_key)),
    );
    for (const { client } of holders)
      expect((await book(client, slot, open.public_key)).statusCode).toBe(201);
    const waiting = await Promise.all(
      Array.from({ length: 20 }, () => e.newFriend(open.public_key)),
    );
    for (const { client } of waiting) {
      const joined = await client.post(
        `/api/event_booking/${open.public_key}/slots/${slot}/waitlist`,
        {
          answers: {},
        },
      );
      expect(joined.statusCode, joined.body).toBe(201);
    }
    const latecomers = await Promise.all(
      Array.from({ length: 20 }, () => e.newFriend(open.public_key)),
    );
    const myIds = await Promise.all(
      holders.map(
        async ({ client }) =>
          (await client.get(`/api/event_booking/${open.public_key}/my`)).json().reservations[0].id,
      ),
    );
    // 20 cancels, staff's and the friends' own, at once with 20 newcomers trying to book.
    const cancels = holders.map(({ client }, index) =>
      index % 2 === 0
        ? client.post(
            `/api/event_booking/${open.public_key}/my/reservations/${myIds[index]}/cancel`,
          )
        : e.demo.patch(`/api/events/${open.id}/reservations/${myIds[index]}`, {
            state: 'cancelled_shop',
          }),
    );
    const grabs = latecomers.map(({ client }) => book(client, slot, open.public_key));
    const results = await Promise.all([...cancels, ...grabs]);
    expect(results.slice(0, 20).map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    // Every freed seat was offered to a waiting friend: the latecomers found it full.
    expect(results.slice(20).every((r) => r.statusCode === 409)).toBe(true);
    let seats = await seatsOf(slot);
    expect(seats).toMatchObject({ taken: 20, holding: 0, offered: 20 });

    // The 20 offers accepted at once, with the latecomers trying again.
    const accepts = waiting.map(async ({ client }) => {
      const my = (await client.get(`/api/event_booking/${open.public_key}/my`)).json();
      return client.post(
        `/api/event_booking/${open.public_key}/my/waitlist/${my.waitlist[0].id}/accept`,
      );
    });
    const again = latecomers.map(({ client }) => book(client, slot, open.public_key));
    const settled = await Promise.all([...accepts, ...again]);
    expect(settled.slice(0, 20).map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(settled.slice(20).every((r) => r.statusCode === 409)).toBe(true);
    seats = await seatsOf(slot);
    expect(seats).toMatchObject({ taken: 20, holding: 20, offered: 0, capacity: 20 });
  });

  it('the database refuses seats beyond capacity whatever code runs', async () => {
    const slot = (await e.addSlot(event.id, 2, 10)).id;
    await expect(
      e.t.app.db.update(eventSlots).set({ seatsTaken: 3 }).where(eq(eventSlots.id, slot)),
    ).rejects.toThrow();
  });
});
