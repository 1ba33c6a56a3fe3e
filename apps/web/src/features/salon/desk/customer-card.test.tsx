import type { CustomerCard } from '@tsunagu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, type FakeRequest } from '@test/fake-api';
import { DAY, makeReservation, renderSalon, SALON_ID } from '@test/salon-fixtures';

const path = `/line/reserve/salon/timeline?date=${DAY}`;

/** A customer with 5 bookings, answered two a page, newest first, as the server pages them. */
function customerPages({ query }: FakeRequest) {
  const all = [5, 4, 3, 2, 1].map((n) => ({
    reservation_id: 100 + n,
    date: `2030-03-0${n}`,
    from: '10:00',
    to: '11:00',
    course_name: 'カット',
    staff_name: '田中 翔太',
    status: 2,
    status_label: '予約確定',
    visit_status: 1,
    memo: '',
    comment: '',
  }));
  const start = query.before
    ? all.findIndex((v) => v.reservation_id === Number(query.before)) + 1
    : 0;
  const visits = all.slice(start, start + 2);
  const card: CustomerCard = {
    name: '常連 多恵',
    kana: '',
    phone: '09011112222',
    member: null,
    visit_count: 5,
    no_show_count: 0,
    cancel_count: 0,
    visits,
    visits_total: all.length,
    next_before: start + 2 < all.length ? visits.at(-1)!.reservation_id : null,
  };
  return reply(200, card);
}

describe('customer card', { timeout: 30_000 }, () => {
  it('pages the visits newest first: もっと見る adds the next page until none is left', async () => {
    const app = renderSalon(
      path,
      { [`GET /api/salon/${SALON_ID}/desk/customer`]: customerPages },
      { data: { reservations: [makeReservation({ member_id: null, phone: '09011112222' })] } },
    );
    await waitFor(() =>
      expect(document.querySelector('.tl-item[data-reservation-id="11"]')).not.toBeNull(),
    );
    await app.user.click(
      document.querySelector('.tl-item[data-reservation-id="11"]') as HTMLElement,
    );
    await app.user.click(await screen.findByRole('button', { name: 'お客様カルテを見る' }));
    const history = await screen.findByRole('list', { name: '来店履歴' });
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(2));
    expect(screen.getByText('5件')).toBeVisible();
    await app.user.click(screen.getByRole('button', { name: 'もっと見る' }));
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(4));
    await app.user.click(screen.getByRole('button', { name: 'もっと見る' }));
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(5));
    expect(screen.queryByRole('button', { name: 'もっと見る' })).toBeNull();
    expect(within(history).getAllByRole('listitem')[4]).toHaveTextContent('3月1日');
    const asked = app.callsTo('GET', `/api/salon/${SALON_ID}/desk/customer`);
    expect(asked.map((call) => call.query.before ?? null)).toEqual([null, '104', '102']);
  });
});
