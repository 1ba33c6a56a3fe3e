import { expect } from 'vitest';
import { fakeChannel, startFakeLine, type FakeLine } from '../fakes/fake-line.js';
import { connectChannel, deliverWebhook, userEvent } from '../helpers/line-channels.js';
import { memberClient, memberCookieFrom, phoneAddress } from '../helpers/member-session.js';
import { createTestApp } from '../helpers/test-app.js';
import { signInAll } from '../salon/fixtures.js';

const LOGIN_CHANNEL = '1234567890';

/** `2026-12-01T10:00:00+09:00` of a Tokyo date `days` from now at `time`. */
export function tokyoAt(days: number, time: string): string {
  const date = new Date(Date.now() + 9 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
  return `${date}T${time}:00+09:00`;
}

/**
 * The demo account with its LINE channel connected at the fake LINE and a LINE Login channel:
 * events made through the console's routes, friends who follow the account and sign in on an
 * event's page with a LIFF ID token as a phone does.
 */
export async function openEventTest(env: Record<string, string> = {}) {
  const line: FakeLine = await startFakeLine({ channels: [fakeChannel(41)] });
  const t = await createTestApp({
    LINE_API_BASE: line.url,
    LINE_LOGIN_CHANNEL_ID: LOGIN_CHANNEL,
    ...env,
  });
  const clients = await signInAll(t.app);
  await connectChannel(clients.demo, line.channels[0]!);
  let users = 0;
  return {
    t,
    line,
    ...clients,
    /** An event (open unless told) and its public key. */
    async createEvent(body: Record<string, unknown> = {}) {
      const response = await clients.demo.post('/api/events', {
        title: '体験会',
        admin_name: '体験会（テスト）',
        state: 'open',
        ...body,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { id: number; public_key: string };
    },
    /** A slot `days` from now, 10:00–12:00 Tokyo. */
    async addSlot(
      eventId: number,
      capacity: number,
      days = 7,
      extra: Record<string, unknown> = {},
    ) {
      const response = await clients.demo.post(`/api/events/${eventId}/slots`, {
        starts_at: tokyoAt(days, '10:00'),
        ends_at: tokyoAt(days, '12:00'),
        capacity,
        ...extra,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { id: number };
    },
    /** A new LINE user follows the account and signs in on the event's page. */
    async newFriend(publicKey: string, name = 'テスト 友だち') {
      users += 1;
      const sub = `U${users.toString(16).padStart(32, 'e')}`;
      line.setProfile(sub, { displayName: `${name}${users}` });
      await deliverWebhook(t.app, line.channels[0]!, [userEvent('follow', sub)]);
      const idToken = line.issueIdToken(LOGIN_CHANNEL, { sub, name: `${name}${users}` });
      const address = phoneAddress();
      const response = await memberClient(t.app, '', address).post(
        `/api/event_booking/${publicKey}/session`,
        { id_token: idToken },
      );
      expect(response.statusCode, response.body).toBe(200);
      const cookie = response.cookies.find((c) => c.name === 'tsunagu_member');
      expect(cookie?.path).toBe('/api/event_booking');
      return { sub, client: memberClient(t.app, memberCookieFrom(response), address) };
    },
    async close() {
      await t.close();
      await line.close();
    },
  };
}

export type EventTest = Awaited<ReturnType<typeof openEventTest>>;
