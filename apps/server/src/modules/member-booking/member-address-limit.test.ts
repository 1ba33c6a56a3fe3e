import { MEMBER_BOOKING_MESSAGES } from '@tsunagu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberSignIn } from '../../../test/helpers/member-session.js';
import { databaseKind } from '../../../test/helpers/test-app.js';
import { openBookingPage, type BookingPage } from '../../../test/salon/booking-page.js';
import { ADDRESS_WRITE_THRESHOLD, MEMBER_WRITE_THRESHOLD } from './write-limits.js';

/**
 * The booking writes are limited per client address as well as per member (decision 0134): many
 * members from one address (a script signing in as one friend after another) are stopped.
 */
describe(`booking writes per address (${databaseKind})`, () => {
  let page: BookingPage;
  beforeAll(async () => {
    page = await openBookingPage();
  });
  afterAll(async () => {
    await page.close();
  });

  it('the 61st write from one address in the window is 429 with a Japanese message, whoever signs in', async () => {
    expect(ADDRESS_WRITE_THRESHOLD).toBe(60);
    const address = '203.0.113.9';
    const signInFrom = async (sub: string, from: string) =>
      memberSignIn(
        page.t.app,
        page.key,
        { id_token: page.line.issueIdToken('1234567890', { sub, name: sub.slice(-4) }) },
        from,
      );
    // A write that is counted and then finds nothing: withdrawing a request of no reservation.
    const write = (client: Awaited<ReturnType<typeof signInFrom>>) =>
      client.delete(`/api/booking/${page.key}/my/reservations/999999/requests/1`);

    const members = [
      await signInFrom(`U${'1'.repeat(32)}`, address),
      await signInFrom(`U${'2'.repeat(32)}`, address),
    ];
    for (const member of members)
      for (let n = 0; n < MEMBER_WRITE_THRESHOLD; n += 1)
        expect((await write(member)).statusCode).toBe(404);

    const third = await signInFrom(`U${'3'.repeat(32)}`, address);
    const refused = await write(third);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MEMBER_BOOKING_MESSAGES.addressRateLimited);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The same member from another address is not refused.
    const elsewhere = await signInFrom(`U${'3'.repeat(32)}`, '192.0.2.44');
    expect((await write(elsewhere)).statusCode).toBe(404);
  });
});
