import { readFileSync } from 'node:fs';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventTest, type EventTest } from '../../../test/events/event-page.js';
import { deliverWebhook, userEvent } from '../../../test/helpers/line-channels.js';
import { CSRF_HEADERS } from '../../../test/helpers/test-app.js';
import { createResource, demoSalonIds } from '../../../test/salon/fixtures.js';
import {
  eventReservations,
  formAnswers,
  friendEvents,
  members,
  memberTags,
  salonReservations,
} from '../../db/schema/index.js';
import { backfillFriendEvents, FRIEND_EVENTS_BACKFILL_SQL } from './index.js';

/**
 * Issue 30 (decision 0360): the modules write the friends log where the thing happens, and the
 * migration backfills it from history.
 */
describe('friend events log', () => {
  let e: EventTest;
  let event: { id: number; public_key: string };
  let slot: number;

  beforeAll(async () => {
    e = await openEventTest();
    event = await e.createEvent({ title: 'ログの体験会' });
    slot = (await e.addSlot(event.id, 5, 7)).id;
  });
  afterAll(async () => {
    await e.close();
  });

  const memberOf = async (sub: string) => {
    const [row] = await e.t.app.db
      .select({ id: members.id, accountId: members.accountId })
      .from(members)
      .where(eq(members.lineUserId, sub));
    return row!;
  };
  const eventsOf = (memberId: number) =>
    e.t.app.db
      .select({
        kind: friendEvents.kind,
        refId: friendEvents.refId,
        accountId: friendEvents.accountId,
      })
      .from(friendEvents)
      .where(eq(friendEvents.memberId, memberId))
      .orderBy(friendEvents.id);

  it('a follow and a block by webhook are logged as follow and unfollow', async () => {
    const { sub } = await e.newFriend(event.public_key, 'ログ');
    const member = await memberOf(sub);
    expect(await eventsOf(member.id)).toEqual([
      { kind: 'follow', refId: null, accountId: member.accountId },
    ]);
    await deliverWebhook(e.t.app, e.line.channels[0]!, [userEvent('unfollow', sub)]);
    expect((await eventsOf(member.id)).map((row) => row.kind)).toEqual(['follow', 'unfollow']);
  });

  it('a tag added to friends is logged once per new link, with the tag', async () => {
    const { sub } = await e.newFriend(event.public_key, 'タグ');
    const member = await memberOf(sub);
    const tag = (await e.demo.post('/api/line/tags', { name: 'ログのタグ', group_id: null })).json()
      .id as number;
    for (let i = 0; i < 2; i++) {
      const added = await e.demo.post(`/api/line/tags/${tag}/friends/add`, { ids: [member.id] });
      expect(added.statusCode, added.body).toBe(200);
    }
    expect((await eventsOf(member.id)).filter((row) => row.kind === 'tag_added')).toEqual([
      { kind: 'tag_added', refId: tag, accountId: member.accountId },
    ]);
  });

  it('a form answer on the public page is logged with the form', async () => {
    const { sub } = await e.newFriend(event.public_key, 'フォーム');
    const member = await memberOf(sub);
    const item = await e.demo.post('/api/var/items', {
      name: 'ログのご要望',
      type: 'text',
      group_id: null,
    });
    expect(item.statusCode, item.body).toBe(201);
    const created = await e.demo.post('/api/forms', {
      name: 'ログのアンケート',
      code: 'log_survey',
      group_id: null,
      questions: [{ var_id: item.json().id, label: 'ご要望' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const form = created.json().id as number;
    const { url } = (await e.demo.get(`/api/forms/${form}/link?friend_id=${member.id}`)).json();
    const link = new URL(url as string, 'https://console.example.jp').pathname.replace(
      '/f/',
      '/api/public/forms/',
    );
    const search = new URL(url as string, 'https://console.example.jp').search;
    const page = (
      await e.t.app.inject({ method: 'GET', url: `${link}${search}`, headers: CSRF_HEADERS })
    ).json();
    const answered = await e.t.app.inject({
      method: 'POST',
      url: `${link}${search}`,
      headers: CSRF_HEADERS,
      payload: { answers: [{ question_id: page.questions[0].id, value: '短めに' }] },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await eventsOf(member.id)).at(-1)).toEqual({
      kind: 'form_answered',
      refId: form,
      accountId: member.accountId,
    });
  });

  it('a salon booking and its 来店済み mark are logged', async () => {
    const { sub } = await e.newFriend(event.public_key, 'サロン');
    const member = await memberOf(sub);
    const [salonId] = await demoSalonIds(e.demo, e.other);
    const roomId = await createResource(e.demo, salonId!, { name: 'ログの部屋', kind: 'room' });
    const base = `/api/salon/${salonId}`;
    const booked = await e.demo.post(`${base}/reservations`, {
      name: 'サロン 予約',
      member_id: member.id,
      date: '2031-03-03',
      from: '10:00',
      to: '11:00',
      salon_resource_id: roomId,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await eventsOf(member.id)).at(-1)?.kind).toBe('salon_booked');
    const id = booked.json().id as number;
    for (let i = 0; i < 2; i++) {
      const visited = await e.demo.patch(`${base}/reservations/${id}?attr=visit_status`, {
        value: 1,
      });
      expect(visited.statusCode, visited.body).toBe(200);
    }
    const kinds = (await eventsOf(member.id)).map((row) => row.kind);
    expect(kinds.filter((kind) => kind === 'salon_visited')).toHaveLength(1);
  });

  it('an event booking and its attendance are logged with the event, attendance once', async () => {
    const { sub, client } = await e.newFriend(event.public_key, 'イベント');
    const member = await memberOf(sub);
    const booked = await client.post(
      `/api/event_booking/${event.public_key}/slots/${slot}/reservations`,
      { answers: {} },
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const reservation = booked.json().id as number;
    for (const state of ['attended', 'attended']) {
      const marked = await e.demo.patch(`/api/events/${event.id}/reservations/${reservation}`, {
        state,
      });
      expect(marked.statusCode, marked.body).toBe(200);
    }
    const logged = (await eventsOf(member.id)).filter((row) => row.kind.startsWith('event_'));
    expect(logged).toEqual([
      { kind: 'event_booked', refId: event.id, accountId: member.accountId },
      { kind: 'event_attended', refId: event.id, accountId: member.accountId },
    ]);
  });

  it('the migration backfills the log from history (the same SQL as migration 0045)', async () => {
    const migration = readFileSync(
      new URL('../../../drizzle/0048_friend_events.sql', import.meta.url),
      'utf8',
    );
    expect(migration).toContain(FRIEND_EVENTS_BACKFILL_SQL);
    const db = e.t.app.db;
    await db.delete(friendEvents);
    await db.transaction((tx) => backfillFriendEvents(tx));
    const kindCount = async (kind: string) =>
      (await db.select({ n: count() }).from(friendEvents).where(eq(friendEvents.kind, kind)))[0]!.n;
    const [followed] = await db
      .select({ n: count() })
      .from(members)
      .where(sql`${members.followedAt} is not null`);
    expect(await kindCount('follow')).toBe(followed!.n);
    const [links] = await db.select({ n: count() }).from(memberTags);
    expect(await kindCount('tag_added')).toBe(links!.n);
    const [answers] = await db.select({ n: count() }).from(formAnswers);
    expect(await kindCount('form_answered')).toBe(answers!.n);
    const [bookings] = await db
      .select({ n: count() })
      .from(salonReservations)
      .where(sql`${salonReservations.memberId} is not null`);
    expect(await kindCount('salon_booked')).toBe(bookings!.n);
    const [visits] = await db
      .select({ n: count() })
      .from(salonReservations)
      .where(
        and(sql`${salonReservations.memberId} is not null`, eq(salonReservations.visitStatus, 1)),
      );
    expect(await kindCount('salon_visited')).toBe(visits!.n);
    const [eventBookings] = await db.select({ n: count() }).from(eventReservations);
    expect(await kindCount('event_booked')).toBe(eventBookings!.n);
    expect(await kindCount('event_attended')).toBeGreaterThan(0);
    // Each event keeps its source's time: a tag link's event is at the link's time.
    const [link] = await db.select().from(memberTags).orderBy(desc(memberTags.createdAt)).limit(1);
    const [logged] = await db
      .select({ at: friendEvents.occurredAt })
      .from(friendEvents)
      .where(
        and(
          eq(friendEvents.kind, 'tag_added'),
          eq(friendEvents.memberId, link!.memberId),
          eq(friendEvents.refId, link!.tagId),
        ),
      );
    expect(logged!.at.toISOString()).toBe(link!.createdAt.toISOString());
  });
});
