import { addDaysToDateValue, todayInTokyo } from '@tsunagu/contracts';
import { expect } from 'vitest';
import { fakeChannel, startFakeLine, type FakeLine } from '../fakes/fake-line.js';
import { connectChannel, deliverWebhook, userEvent } from '../helpers/line-channels.js';
import { memberSignIn, type MemberClient } from '../helpers/member-session.js';
import { createCourse, createResource, openSalonTest } from './fixtures.js';

const LOGIN_CHANNEL = '1234567890';

/**
 * A salon open for online booking on the booking page, instant confirmation, its LINE channel
 * connected at the fake LINE: one staff member working 10:00–19:00 on `day` (three weeks ahead)
 * and the day after, a 60-minute course. `newMember` signs a new LINE user in on the page.
 */
export async function openBookingPage() {
  const line: FakeLine = await startFakeLine({ channels: [fakeChannel(41)] });
  const opened = await openSalonTest({
    LINE_API_BASE: line.url,
    LINE_LOGIN_CHANNEL_ID: LOGIN_CHANNEL,
  });
  const { demo, salonId, base } = opened;
  await connectChannel(demo, line.channels[0]!);
  const key = ((await demo.get(`${base}/online_url`)).json().url as string).split('/r/')[1]!;
  await demo.patch(`${base}/configs?attr=enable_online`, { value: true });
  const accept = await demo.put(`${base}/configs/booking`, {
    slot_interval_minutes: 30,
    accept_days_ahead: 60,
    accept_hours_before: 0,
    accept_mode: 'instant',
  });
  expect(accept.statusCode, accept.body).toBe(200);
  const day = addDaysToDateValue(todayInTokyo(), 21);
  const weekdays = Array.from({ length: 7 }, () => ({ is_open: true, from: '10:00', to: '19:00' }));
  for (const year of new Set(
    [todayInTokyo(), addDaysToDateValue(day, 1)].map((d) => d.slice(0, 4)),
  ))
    await demo.put(`${base}/configs/opening`, { year: Number(year), weekdays, dates: {} });
  const course = await createCourse(demo, salonId, { name: '前日リマインド テスト', duration: 60 });
  const staffId = await createResource(demo, salonId, { name: 'オンライン 担当' });
  for (const date of [day, addDaysToDateValue(day, 1)]) {
    const shift = await demo.post(`${base}/resources/${staffId}/time_shifts`, {
      start_date: date,
      from: '10:00',
      to: '19:00',
    });
    expect(shift.statusCode, shift.body).toBe(201);
  }
  let users = 0;
  return {
    ...opened,
    line,
    key,
    day,
    course,
    staffId,
    /**
     * A new LINE user follows the account (the webhook) and signs in on the booking page;
     * `sub` is their LINE user id. `friend: false`: they sign in without ever following.
     */
    async newMember(name: string, options: { friend?: boolean } = {}) {
      users += 1;
      const sub = `U${users.toString(16).padStart(32, 'c')}`;
      const friend = options.friend ?? true;
      if (friend) {
        line.setProfile(sub, { displayName: name });
        await deliverWebhook(opened.t.app, line.channels[0]!, [userEvent('follow', sub)]);
      }
      const idToken = line.issueIdToken(LOGIN_CHANNEL, { sub, name });
      const accessToken = line.issueLiffAccessToken({ sub, friend });
      return {
        sub,
        client: await memberSignIn(opened.t.app, key, {
          id_token: idToken,
          access_token: accessToken,
        }),
      };
    },
    /** The member books `from` on `day` with the staff member: the reservation id. */
    async book(member: MemberClient, from: string) {
      const response = await member.post(`/api/booking/${key}/reservations`, {
        course_id: course,
        resource_id: staffId,
        date: day,
        from,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().id as number;
    },
    /** Replaces the salon's online actions (RSV-32, as the settings screen does). */
    async setActions(actions: Record<string, unknown>[]) {
      const config = (await demo.get(`${base}/online_configs`)).json();
      const put = await demo.put(`${base}/online_configs/${config.id}/actions`, { actions });
      expect(put.statusCode, put.body).toBe(200);
    },
    async close() {
      await opened.t.close();
      await line.close();
    },
  };
}

export type BookingPage = Awaited<ReturnType<typeof openBookingPage>>;
