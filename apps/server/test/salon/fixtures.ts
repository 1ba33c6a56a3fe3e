import type { FastifyInstance } from 'fastify';
import { recordReservationEvents } from '../../src/modules/salon/record-events.js';
import type { AppParts } from '../../src/app.js';
import { createEventPublisher } from '../../src/modules/realtime/index.js';
import {
  createMemberRequestService,
  createReservationCore,
  type MemberRequestService,
} from '../../src/modules/salon-reservations/index.js';
import type { SalonRef } from '../../src/modules/salon-reservations/service.js';
import { createTestApp, signIn } from '../helpers/test-app.js';

export type Client = Awaited<ReturnType<typeof signIn>>;

/** The salon ids of the demo accounts: [account 1's salon, account 2's salon]. */
export async function demoSalonIds(demo: Client, other: Client): Promise<[number, number]> {
  const own = demo.get('/api/salons');
  const foreign = other.get('/api/salons');
  const [a, b] = await Promise.all([own, foreign]);
  return [a.json()[0].id, b.json()[0].id];
}

export async function createResource(
  client: Client,
  salonId: number,
  body: Record<string, unknown> = {},
): Promise<number> {
  const response = await client.post(`/api/salon/${salonId}/resources`, {
    name: 'テスト担当',
    kind: 'staff',
    ...body,
  });
  if (response.statusCode !== 201) throw new Error(`resource: ${response.body}`);
  return response.json().id;
}

export async function createCourse(
  client: Client,
  salonId: number,
  body: Record<string, unknown> = {},
): Promise<number> {
  const response = await client.post(`/api/salon/${salonId}/courses`, {
    name: 'テストコース',
    duration: 60,
    ...body,
  });
  if (response.statusCode !== 201) throw new Error(`course: ${response.body}`);
  return response.json().id;
}

export async function signInAll(app: FastifyInstance) {
  const [demo, staff, other] = await Promise.all([
    signIn(app, 'demo'),
    signIn(app, 'staff'),
    signIn(app, 'other'),
  ]);
  return { demo, staff, other };
}

/**
 * What every salon test starts from: a fresh app, the three demo sign-ins, the demo account's
 * salon (and the other account's), its API base path and its reference for service calls.
 */
export async function openSalonTest(env: Record<string, string> = {}, parts: AppParts = {}) {
  const t = await createTestApp(env, parts);
  const clients = await signInAll(t.app);
  const [salonId, otherSalonId] = await demoSalonIds(clients.demo, clients.other);
  const me = (await clients.demo.get('/api/auth/me')).json();
  return {
    t,
    ...clients,
    salonId,
    otherSalonId,
    base: `/api/salon/${salonId}`,
    salon: { id: salonId, accountId: me.account.id as number } satisfies SalonRef,
  };
}

const memberServices = new WeakMap<FastifyInstance, MemberRequestService>();

/**
 * The member side of reservations on the app's database, built from the module's own factories
 * as the booking page will build it: its events go through the same publisher, so every
 * process's streams see them.
 */
export function memberRequestsOf(app: FastifyInstance): MemberRequestService {
  let service = memberServices.get(app);
  if (!service) {
    const publish = createEventPublisher(app.db, app.log);
    service = createMemberRequestService(
      createReservationCore({ db: app.db, publish, record: recordReservationEvents }),
    );
    memberServices.set(app, service);
  }
  return service;
}

/** A member asks for a reservation (10:00–11:00 unless told), as the booking page will. */
export function memberRequest(
  app: FastifyInstance,
  who: { salon: SalonRef; memberId: number },
  slot: { date: string; resourceId: number; from?: string; to?: string; comment?: string },
) {
  return memberRequestsOf(app).requestReservation(who.salon, who.memberId, {
    date: slot.date,
    from: slot.from ?? '10:00',
    to: slot.to ?? '11:00',
    salon_resource_id: slot.resourceId,
    course_id: null,
    sub_resource_ids: [],
    comment: slot.comment ?? '',
  });
}
