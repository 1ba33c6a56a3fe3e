import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventTest, tokyoAt, type EventTest } from '../../../test/events/event-page.js';
import { deliverQueuedPushes } from '../../../test/helpers/push-delivery.js';
import { members } from '../../db/schema/index.js';

/**
 * Event reservations end to end through the HTTP API (issue 27): the organiser's event and
 * slots, a friend booking on the event's page after a LIFF sign-in, the list staff read,
 * attendance, a cancel that offers the seat to the waitlisted friend, the CSV, and tenancy.
 */
describe('events', () => {
  let e: EventTest;
  let event: { id: number; public_key: string };
  let slotA: number;
  let slotB: number;
  let nicknameVar: number;

  beforeAll(async () => {
    e = await openEventTest();
    const item = await e.demo.post('/api/var/items', {
      name: 'ご参加の目的',
      type: 'text',
      group_id: null,
    });
    expect(item.statusCode, item.body).toBe(201);
    nicknameVar = item.json().id;
    event = await e.createEvent({
      title: '12月の体験会',
      place: '渋谷スタジオ 3F',
      questions: [{ var_id: nicknameVar, label: 'ご参加の目的', required: true }],
      confirmation_text: '{友だち名}様、{イベント名}（{日時}）のご予約ありがとうございます。',
    });
    slotA = (await e.addSlot(event.id, 1, 7)).id;
    slotB = (await e.addSlot(event.id, 5, 14)).id;
  });
  afterAll(async () => {
    await e.close();
  });

  it('creates an event as 下書き by default with a public key, and lists it with its slots', async () => {
    const draft = await e.createEvent({ state: undefined, title: '下書きの説明会' });
    expect(draft.public_key).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const detail = (await e.demo.get(`/api/events/${draft.id}`)).json();
    expect(detail).toMatchObject({ state: 'draft', state_name: '下書き' });
    // A draft is not on the friend's side.
    const hidden = await e.demo.get(`/api/event_booking/${draft.public_key}`);
    expect(hidden.statusCode).toBe(404);
    const list = (await e.demo.get('/api/events')).json();
    const own = list.events.find((item: { id: number }) => item.id === event.id);
    expect(own.slots.map((slot: { capacity: number }) => slot.capacity)).toEqual([1, 5]);
    expect(own.next_starts_at).toBe(tokyoAt(7, '10:00'));
  });

  it('the demo has one open event with two slots, the first with two friends booked', async () => {
    const list = (await e.demo.get('/api/events')).json();
    const demo = list.events.find((item: { title: string }) => item.title === 'ヘッドスパ体験会');
    expect(demo).toMatchObject({ state: 'open', state_name: '受付中', booked: 2 });
    expect(demo.slots).toHaveLength(2);
    const page = (await e.demo.get(`/api/event_booking/${demo.public_key}`)).json();
    expect(page.slots.map((slot: { seats_left: number }) => slot.seats_left)).toEqual([6, 6]);
  });

  it('refuses a slot without an offset, naming the field in Japanese', async () => {
    const response = await e.demo.post(`/api/events/${event.id}/slots`, {
      starts_at: '2026-12-01T10:00:00',
      ends_at: tokyoAt(7, '12:00'),
      capacity: 3,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.starts_at[0]).toContain('開始日時');
  });

  it('a friend books from the phone page, sees the place only then, and gets the confirmation by LINE', async () => {
    const page = (await e.demo.get(`/api/event_booking/${event.public_key}`)).json();
    expect(page.slots.map((slot: { seats_left: number }) => slot.seats_left)).toEqual([1, 5]);
    expect(JSON.stringify(page)).not.toContain('渋谷スタジオ');
    const { client, sub } = await e.newFriend(event.public_key, '花子');
    const missing = await client.post(
      `/api/event_booking/${event.public_key}/slots/${slotA}/reservations`,
      { answers: {} },
    );
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors[`answers.${nicknameVar}`][0]).toContain('ご参加の目的');
    const booked = await client.post(
      `/api/event_booking/${event.public_key}/slots/${slotA}/reservations`,
      { answers: { [nicknameVar]: '友人の紹介' } },
    );
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({ state: 'booked', state_name: '予約' });
    const my = (await client.get(`/api/event_booking/${event.public_key}/my`)).json();
    expect(my.reservations[0]).toMatchObject({ place: '渋谷スタジオ 3F', can_cancel: true });
    expect(my.reservations[0].checkin_code).not.toBe('');

    await deliverQueuedPushes(e.t, e.line);
    const confirmation = e.line.requests.find((request) => request.body.to === sub);
    expect(confirmation?.retryKey).toBeTruthy();
    expect(JSON.stringify(confirmation?.body.messages)).toContain('花子');
    expect(JSON.stringify(confirmation?.body.messages)).toContain('12月の体験会');

    // The answer is the friend's information now.
    const slots = (await e.demo.get(`/api/events/${event.id}/slots`)).json().slots;
    expect(slots[0]).toMatchObject({ id: slotA, booked: 1, capacity: 1, seats_left: 0 });
  });

  it('a full slot answers 409 naming the slot; the friend joins the waitlist and gets the seat after a cancel', async () => {
    const second = await e.newFriend(event.public_key, '次郎');
    const full = await second.client.post(
      `/api/event_booking/${event.public_key}/slots/${slotA}/reservations`,
      { answers: { [nicknameVar]: 'SNS' } },
    );
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toMatch(/\d+月\d+日\(.\) 10:00の回は満席です/);
    const joined = await second.client.post(
      `/api/event_booking/${event.public_key}/slots/${slotA}/waitlist`,
      { answers: { [nicknameVar]: 'SNS' } },
    );
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json().position).toBe(1);

    const list = (await e.demo.get(`/api/events/${event.id}/reservations`)).json();
    const first = list.reservations.find((r: { slot_id: number }) => r.slot_id === slotA);
    expect(first.answers).toEqual([
      { var_id: nicknameVar, label: 'ご参加の目的', text: '友人の紹介' },
    ]);
    // Staff without reserve-write read the list but cannot cancel.
    expect((await e.staff.get(`/api/events/${event.id}/reservations`)).statusCode).toBe(200);
    const refused = await e.staff.patch(`/api/events/${event.id}/reservations/${first.id}`, {
      state: 'cancelled_shop',
    });
    expect(refused.statusCode).toBe(403);

    const cancelled = await e.demo.patch(`/api/events/${event.id}/reservations/${first.id}`, {
      state: 'cancelled_notified',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().reservation.state_name).toBe('連絡ありキャンセル');
    const my = (await second.client.get(`/api/event_booking/${event.public_key}/my`)).json();
    expect(my.waitlist[0]).toMatchObject({ state: 'offered' });
    // Nobody else can take the seat held for the offer.
    const third = await e.newFriend(event.public_key, '三郎');
    const taken = await third.client.post(
      `/api/event_booking/${event.public_key}/slots/${slotA}/reservations`,
      { answers: { [nicknameVar]: 'チラシ' } },
    );
    expect(taken.statusCode).toBe(409);
    const accepted = await second.client.post(
      `/api/event_booking/${event.public_key}/my/waitlist/${my.waitlist[0].id}/accept`,
    );
    expect(accepted.statusCode, accepted.body).toBe(201);
    const slots = (await e.demo.get(`/api/events/${event.id}/slots`)).json().slots;
    expect(slots[0]).toMatchObject({ booked: 1, seats_left: 0 });
  });

  it('marks attendance in one tap and by the QR code, and exports an Excel-ready CSV', async () => {
    const { client } = await e.newFriend(event.public_key, '四郎');
    const booked = await client.post(
      `/api/event_booking/${event.public_key}/slots/${slotB}/reservations`,
      { answers: { [nicknameVar]: '検索' } },
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const code = (await client.get(`/api/event_booking/${event.public_key}/my`)).json()
      .reservations[0].checkin_code;
    const checked = await e.demo.post(`/api/events/${event.id}/checkin`, { code });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().reservation).toMatchObject({ state: 'attended', state_name: '出席' });
    const absent = await e.demo.patch(`/api/events/${event.id}/reservations/${booked.json().id}`, {
      state: 'absent',
    });
    expect(absent.json().reservation.state_name).toBe('欠席');
    const undone = await e.demo.patch(`/api/events/${event.id}/reservations/${booked.json().id}`, {
      state: 'booked',
    });
    expect(undone.json().reservation).toMatchObject({ state: 'booked', attended_at: null });
    await e.demo.patch(`/api/events/${event.id}/reservations/${booked.json().id}`, {
      state: 'absent',
    });

    const csv = await e.demo.get(`/api/events/${event.id}/reservations.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = csv.rawPayload.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toContain('友だち名');
    expect(text).toContain('欠席');
    expect(text).toContain('検索');
  });

  it('the friend cancels their own booking before the deadline', async () => {
    const { client } = await e.newFriend(event.public_key, '五郎');
    const booked = await client.post(
      `/api/event_booking/${event.public_key}/slots/${slotB}/reservations`,
      { answers: { [nicknameVar]: '雑誌' } },
    );
    const cancel = await client.post(
      `/api/event_booking/${event.public_key}/my/reservations/${booked.json().id}/cancel`,
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    const again = await client.post(
      `/api/event_booking/${event.public_key}/my/reservations/${booked.json().id}/cancel`,
    );
    expect(again.statusCode).toBe(409);
  });

  it('copies a slot to 8 weekly dates and an event as a draft', async () => {
    const dates = Array.from({ length: 8 }, (_, week) =>
      tokyoAt(21 + week * 7, '10:00').slice(0, 10),
    );
    const copied = await e.demo.post(`/api/events/${event.id}/slots/${slotB}/copy`, { dates });
    expect(copied.statusCode, copied.body).toBe(201);
    expect(copied.json().ids).toHaveLength(8);
    const slots = (await e.demo.get(`/api/events/${event.id}/slots`)).json().slots;
    expect(slots.at(-1)).toMatchObject({ from: '10:00', to: '12:00', capacity: 5, booked: 0 });
    const copy = await e.demo.post(`/api/events/${event.id}/copy`);
    expect(copy.statusCode).toBe(201);
    const copySlots = (await e.demo.get(`/api/events/${copy.json().id}/slots`)).json().slots;
    expect(copySlots).toHaveLength(slots.length);
    expect(copySlots.every((slot: { booked: number }) => slot.booked === 0)).toBe(true);
  });

  it('once per event: a friend booked in one slot cannot join another slot’s waitlist (they could never take the seat)', async () => {
    const once = await e.createEvent({ title: '1人1回の説明会', booking_limit: 'per_event' });
    const first = (await e.addSlot(once.id, 1, 9)).id;
    const second = (await e.addSlot(once.id, 1, 10)).id;
    const booked = await e.newFriend(once.public_key, '一郎');
    const other = await e.newFriend(once.public_key, '二郎');
    const book = (client: typeof booked.client, slot: number) =>
      client.post(`/api/event_booking/${once.public_key}/slots/${slot}/reservations`, {
        answers: {},
      });
    expect((await book(booked.client, first)).statusCode).toBe(201);
    expect((await book(other.client, second)).statusCode).toBe(201);
    const join = await booked.client.post(
      `/api/event_booking/${once.public_key}/slots/${second}/waitlist`,
      { answers: {} },
    );
    expect(join.statusCode).toBe(409);
    expect(join.json().message).toBe('このイベントはすでに予約済みです（1人1回まで）');
  });

  it('tenancy: another account sees none of it, and a friend of it cannot book', async () => {
    for (const [method, path] of [
      ['get', `/api/events/${event.id}`],
      ['get', `/api/events/${event.id}/slots`],
      ['get', `/api/events/${event.id}/reservations`],
      ['get', `/api/events/${event.id}/reservations.csv`],
      ['put', `/api/events/${event.id}`],
      ['post', `/api/events/${event.id}/slots`],
      ['post', `/api/events/${event.id}/copy`],
    ] as const) {
      const response = await e.other[method](
        path,
        method === 'put'
          ? { title: 'x', admin_name: 'x' }
          : method === 'post' && path.endsWith('slots')
            ? { starts_at: tokyoAt(3, '10:00'), ends_at: tokyoAt(3, '11:00'), capacity: 1 }
            : undefined,
      );
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    const list = (await e.other.get('/api/events')).json();
    expect(list.events.map((item: { id: number }) => item.id)).not.toContain(event.id);
    // Unsigned: 401 on the friend's writes.
    const anonymous = await e.t.app.inject({
      method: 'POST',
      url: `/api/event_booking/${event.public_key}/slots/${slotB}/reservations`,
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: { answers: {} },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('every event route is in the OpenAPI document', async () => {
    const doc = (await e.demo.get('/api/docs/json')).json();
    for (const path of [
      '/api/events',
      '/api/events/{id}',
      '/api/events/{id}/slots',
      '/api/events/{id}/slots/{slotId}/copy',
      '/api/events/{id}/reservations',
      '/api/events/{id}/reservations.csv',
      '/api/events/{id}/checkin',
      '/api/event_booking/{publicKey}',
      '/api/event_booking/{publicKey}/session',
      '/api/event_booking/{publicKey}/slots/{slotId}/reservations',
      '/api/event_booking/{publicKey}/my/waitlist/{id}/accept',
    ])
      expect(doc.paths[path], path).toBeDefined();
  });

  it("代理予約 takes the event's questions: a required one unanswered is a 422, the answers become the friend's information", async () => {
    const slot = (await e.addSlot(event.id, 3, 21)).id;
    const { sub } = await e.newFriend(event.public_key, '電話の人');
    const [member] = await e.t.app.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.lineUserId, sub));
    const list = (await e.demo.get(`/api/events/${event.id}/reservations`)).json();
    expect(list.event.questions).toEqual([
      { var_id: nicknameVar, label: 'ご参加の目的', required: true, type: 'text', choices: [] },
    ]);
    const missing = await e.demo.post(`/api/events/${event.id}/reservations`, {
      slot_id: slot,
      friend_id: member!.id,
      answers: {},
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors[`answers.${nicknameVar}`][0]).toContain('ご参加の目的');
    const added = await e.demo.post(`/api/events/${event.id}/reservations`, {
      slot_id: slot,
      friend_id: member!.id,
      answers: { [nicknameVar]: '電話で申込み' },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().reservation.answers).toEqual([
      { var_id: nicknameVar, label: 'ご参加の目的', text: '電話で申込み' },
    ]);
    const values = (await e.demo.get(`/api/line/friends/${member!.id}/varia`)).json();
    expect(JSON.stringify(values)).toContain('電話で申込み');
  });
});
