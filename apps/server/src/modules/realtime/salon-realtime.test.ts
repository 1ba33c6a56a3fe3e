import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openStream } from '../../../test/helpers/sse.js';
import { databaseKind, type TestApp } from '../../../test/helpers/test-app.js';
import {
  createResource,
  memberRequest,
  type Client,
  openSalonTest,
  memberRequestsOf,
} from '../../../test/salon/fixtures.js';

describe(`realtime salon events over SSE (${databaseKind})`, () => {
  let t: TestApp;
  let second: FastifyInstance;
  let demo: Client;
  let other: Client;
  let salonId: number;
  let otherSalonId: number;
  let url: string;
  let salon: { id: number; accountId: number };
  let memberId: number;
  let roomId: number;

  beforeAll(async () => {
    ({ t, demo, other, salonId, otherSalonId, salon } = await openSalonTest());
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    // A second server process on the same PostgreSQL database.
    second = await buildApp(t.config);
    memberId = (await demo.get('/api/members')).json().items[3].id;
    roomId = await createResource(demo, salonId, { name: 'リアルタイム席', kind: 'room' });
  });
  /** A member asks for 10:00–11:00 on `date` in the test room, through the second process. */
  const memberAsks = (date: string) =>
    memberRequest(second, { salon, memberId }, { date, resourceId: roomId });

  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('RT-14 GET /api/realtime/settings gives the channel and debug flag', async () => {
    const settings = (await demo.get('/api/realtime/settings')).json();
    expect(settings).toEqual({
      api_key: null,
      cluster: 'sse',
      channel: `salon-${salonId}`,
      debug: false,
      salon_id: salonId,
      stream_url: `/api/salon/${salonId}/events`,
    });
  });

  it('RT-01 a change made through another process reaches this process’s SSE subscriber', async () => {
    const stream = await openStream(`${url}/api/salon/${salonId}/events`, demo.cookie);
    expect(stream.status).toBe(200);
    const id = await memberAsks('2032-01-05');
    await stream.waitFor(1);
    const member = (await demo.get(`/api/salon/${salonId}/reservations/${id}`)).json().member;
    expect(stream.events[0]?.data).toMatchObject({
      event: 'salon_reservation_event',
      salon_id: salonId,
      reservation_id: id,
      reservation_change_child_id: null,
      reservation_delete_child_id: null,
      event_type: 'create_request',
      member_display_name: member.display_name,
      icon_url: member.icon_url,
      actor: 'member',
    });
    expect(stream.events[0]?.id).toBe(String(stream.events[0]?.data.id));
    // A manager change made in this process carries actor manager (RT-10).
    await demo.patch(`/api/salon/${salonId}/reservations/${id}?attr=status`, { value: 2 });
    await stream.waitFor(2);
    expect(stream.events[1]?.data).toMatchObject({
      event_type: 'update',
      actor: 'manager',
      reservation_id: id,
    });
    stream.close();
  });

  it('RT-02 RT-03 RT-06 RT-10 staff create, change, cancel and delete publish create / update / cancel / delete as the manager', async () => {
    const stream = await openStream(`${url}/api/salon/${salonId}/events`, demo.cookie);
    const base = `/api/salon/${salonId}/reservations`;
    const created = await demo.post(base, {
      name: 'リアルタイム 花子',
      member_id: memberId,
      date: '2032-01-08',
      from: '10:00',
      to: '11:00',
      salon_resource_id: roomId,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    await demo.patch(`${base}/${id}?attr=memo`, { value: '前髪も' });
    await demo.patch(`${base}/${id}?attr=status`, { value: -1 });
    await demo.delete(`${base}/${id}`);
    await stream.waitFor(4);
    expect(
      stream.events.map((e) => [e.data.event_type, e.data.actor, e.data.reservation_id]),
    ).toEqual([
      ['create', 'manager', id],
      ['update', 'manager', id],
      ['cancel', 'manager', id],
      ['delete', 'manager', id],
    ]);
    stream.close();
  });

  it('RT-04 a member request publishes create_request with the member’s name and icon for the notice', async () => {
    const stream = await openStream(`${url}/api/salon/${salonId}/events`, demo.cookie);
    const id = await memberAsks('2032-01-09');
    await stream.waitFor(1);
    const member = (await demo.get(`/api/salon/${salonId}/reservations/${id}`)).json().member;
    expect(stream.events[0]?.data).toMatchObject({
      event_type: 'create_request',
      actor: 'member',
      reservation_id: id,
      member_display_name: member.display_name,
      icon_url: member.icon_url,
    });
    stream.close();
  });

  it('RT-05/07/08/09 request, withdrawal and judgement events carry the child ids', async () => {
    const stream = await openStream(`${url}/api/salon/${salonId}/events`, demo.cookie);
    const id = await memberAsks('2032-01-06');
    const change = await memberRequestsOf(second).requestChange(salon, memberId, id, {
      date: '2032-01-06',
      from: '12:00',
      to: '13:00',
    });
    await memberRequestsOf(second).withdraw(salon, memberId, id, change);
    const cancel = await memberRequestsOf(second).requestCancel(salon, memberId, id);
    await demo.post(`/api/salon/${salonId}/reservations/${id}/judge/${cancel}/cancel`, {
      status: 'approve',
    });
    await stream.waitFor(5);
    expect(
      stream.events.map((e) => [
        e.data.event_type,
        e.data.reservation_change_child_id,
        e.data.reservation_delete_child_id,
      ]),
    ).toEqual([
      ['create_request', null, null],
      ['update_request', change, null],
      ['delete_update_request', change, null],
      ['cancel_request', null, cancel],
      ['approve_cancel_request', null, cancel],
    ]);
    stream.close();
  });

  it('reconnecting with Last-Event-ID replays the events missed meanwhile, once', async () => {
    const first = await openStream(`${url}/api/salon/${salonId}/events`, demo.cookie);
    const id = await memberAsks('2032-01-07');
    await first.waitFor(1);
    const lastId = first.events[0]!.id;
    first.close();
    await demo.patch(`/api/salon/${salonId}/reservations/${id}?attr=memo`, {
      value: '切断中の変更',
    });
    await demo.patch(`/api/salon/${salonId}/reservations/${id}?attr=is_attended`, { value: true });
    const again = await openStream(`${url}/api/salon/${salonId}/events`, demo.cookie, lastId);
    await again.waitFor(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(again.events.map((e) => e.data.event_type)).toEqual(['update', 'update']);
    expect(Number(again.events[0]!.id)).toBeGreaterThan(Number(lastId));
    again.close();
  });

  it('the stream checks the session and the salon', async () => {
    const anonymous = await openStream(`${url}/api/salon/${salonId}/events`, '');
    expect(anonymous.status).toBe(401);
    anonymous.close();
    const foreign = await openStream(`${url}/api/salon/${otherSalonId}/events`, demo.cookie);
    expect(foreign.status).toBe(404);
    foreign.close();
    // Another salon's stream never hears this salon's events.
    const theirs = await openStream(`${url}/api/salon/${otherSalonId}/events`, other.cookie);
    await memberAsks('2032-01-08');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(theirs.events).toEqual([]);
    theirs.close();
  });
});
