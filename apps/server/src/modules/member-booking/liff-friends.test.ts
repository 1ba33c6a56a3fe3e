import { LINE_CHANNEL_MESSAGES, type Friend, type LineChannel } from '@tsunagu/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverWebhook, userEvent } from '../../../test/helpers/line-channels.js';
import { memberSignIn } from '../../../test/helpers/member-session.js';
import { databaseKind } from '../../../test/helpers/test-app.js';
import { openBookingPage, type BookingPage } from '../../../test/salon/booking-page.js';
import { members } from '../../db/schema/index.js';

const LOGIN_CHANNEL = '1234567890';

/**
 * Issue 23, decisions 0181 and 0182: who signs in on the booking page without following the
 * account is recorded as 未友だち (LINE's `GET /friendship/v1/status` at sign-in), found by no
 * segment until a follow event; a LIFF sign-in LINE calls a friend whose user id no friend has
 * flags the LINE Login channel in LINE連携 with what to fix.
 */
describe(`LIFF sign-ins and friends (${databaseKind})`, () => {
  let page: BookingPage;

  async function ok<T>(response: { statusCode: number; body: string; json(): T }, code = 200) {
    expect(response.statusCode, response.body).toBe(code);
    return response.json();
  }
  async function friendOf(sub: string): Promise<Friend> {
    const [row] = await page.t.app.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.lineUserId, sub));
    return ok<Friend>(await page.demo.get(`/api/line/friends/${row!.id}`));
  }
  /** How many friends a segment of "an upcoming reservation within 60 days" finds now. */
  const withUpcomingBooking = async () =>
    (
      await ok<{ total: number }>(
        await page.demo.post('/api/journey/member_queries/count', {
          match: 'all',
          conditions: [{ kind: 'reservation', when: 'upcoming', days: 60 }],
        }),
      )
    ).total;
  const channel = async () => ok<LineChannel>(await page.demo.get('/api/line/channel'));

  beforeAll(async () => {
    page = await openBookingPage();
  }, 300_000);
  afterAll(async () => {
    await page.close();
  });

  it('a customer who books without following is 未友だち, found by no segment until they follow', async () => {
    const before = await withUpcomingBooking();
    const { sub, client } = await page.newMember('未友だち 花子', { friend: false });
    await page.book(client, '11:00');
    expect(await friendOf(sub)).toMatchObject({
      display_name: '未友だち 花子',
      follow_state: 'not_friend',
      followed_at: null,
    });
    const listed = await ok<{ items: Friend[] }>(
      await page.demo.get('/api/line/friends?state=not_friend'),
    );
    expect(listed.items.map((friend) => friend.display_name)).toEqual(['未友だち 花子']);
    expect(await withUpcomingBooking()).toBe(before);
    // LINE said "not a friend": nothing is wrong with the LINE Login channel.
    expect((await channel()).login_attention).toBe('');

    await deliverWebhook(page.t.app, page.line.channels[0]!, [userEvent('follow', sub)]);
    expect(await friendOf(sub)).toMatchObject({ follow_state: 'following' });
    expect(await withUpcomingBooking()).toBe(before + 1);
  });

  it('a friend who follows first and books is a friend, and the channel stays in order', async () => {
    const before = await withUpcomingBooking();
    const { sub, client } = await page.newMember('友だち 太郎');
    await page.book(client, '13:00');
    expect(await friendOf(sub)).toMatchObject({ follow_state: 'following' });
    expect(await withUpcomingBooking()).toBe(before + 1);
    expect((await channel()).login_attention).toBe('');
  });

  it('LINE calls the customer a friend but no friend has that user id: LINE連携 says what to fix; saving the channel again clears it', async () => {
    const sub = `U${'d'.repeat(31)}1`;
    await memberSignIn(page.t.app, page.key, {
      id_token: page.line.issueIdToken(LOGIN_CHANNEL, { sub, name: '別プロバイダー 次郎' }),
      access_token: page.line.issueLiffAccessToken({ sub, friend: true }),
    });
    expect(await friendOf(sub)).toMatchObject({ follow_state: 'not_friend' });
    const flagged = await channel();
    expect(flagged.login_attention).toBe(LINE_CHANNEL_MESSAGES.loginOtherProvider);
    expect(flagged.login_attention).toContain('同じプロバイダー');
    // Sending is not paused for it: the Messaging API channel itself is fine.
    expect(flagged.state).toBe('ok');

    const line = page.line.channels[0]!;
    await ok(
      await page.demo.put('/api/line/channel', {
        channel_id: line.channelId,
        channel_secret: line.secret,
        channel_access_token: line.token,
        login_channel_id: LOGIN_CHANNEL,
      }),
    );
    expect((await channel()).login_attention).toBe('');
  });
});
