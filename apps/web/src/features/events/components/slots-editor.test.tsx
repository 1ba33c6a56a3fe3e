import type { EventSlot } from '@tsunagu/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, type FakeReply } from '@test/fake-api';
import { renderWithProviders } from '@test/render-with-providers';
import { SlotsEditor } from './slots-editor';

const added: EventSlot = {
  id: 31,
  event_id: 7,
  starts_at: '2030-04-20T01:00:00Z',
  ends_at: '2030-04-20T02:00:00Z',
  date: '2030-04-20',
  from: '10:00',
  to: '11:00',
  capacity: 1,
  booked: 0,
  seats_left: 1,
  waitlisted: 0,
  place: '',
  opens_at: null,
  closes_at: null,
  cancel_deadline_at: null,
  effective_closes_at: '2030-04-19T09:00:00Z',
  effective_cancel_deadline_at: '2030-04-19T09:00:00Z',
};

describe('adding slots one after another (issue 27)', () => {
  it('ROUTE-33 the new-slot form clears when the server answers, so what is typed while the list refreshes is kept', async () => {
    // The refresh after the add is held until the test lets it go: the moment in which an
    // operator (or a fast test) already types the next slot.
    let releaseRefresh: (answer: FakeReply) => void = () => {};
    let listCalls = 0;
    const app = renderWithProviders(
      [{ path: '/e', element: <SlotsEditor eventId={7} closeHour={18} /> }],
      '/e',
      {
        'GET /api/events/7/slots': () => {
          listCalls += 1;
          if (listCalls === 1) return reply(200, { slots: [] });
          return new Promise<FakeReply>((resolve) => (releaseRefresh = resolve));
        },
        'POST /api/events/7/slots': () => reply(200, added),
      },
    );
    const card = () => screen.getByRole('region', { name: '新しい日程' });
    await screen.findByText('日程はまだありません');
    fireEvent.change(within(card()).getByLabelText('日付', { exact: true }), {
      target: { value: '2030-04-20' },
    });
    fireEvent.change(within(card()).getByLabelText('定員', { exact: true }), {
      target: { value: '1' },
    });
    await app.user.click(within(card()).getByRole('button', { name: '日程を追加' }));

    expect(await screen.findByText('日程を追加しました')).toBeVisible();
    expect(within(card()).getByLabelText('日付', { exact: true })).toHaveValue('');
    fireEvent.change(within(card()).getByLabelText('日付', { exact: true }), {
      target: { value: '2030-04-27' },
    });

    releaseRefresh(reply(200, { slots: [added] }));
    expect(await screen.findByRole('region', { name: '4月20日(土) 10:00〜11:00' })).toBeVisible();
    expect(within(card()).getByLabelText('日付', { exact: true })).toHaveValue('2030-04-27');
    expect(app.calls.filter((call) => call.method === 'POST')).toMatchObject([
      {
        path: '/api/events/7/slots',
        body: { starts_at: '2030-04-20T10:00:00+09:00', capacity: 1 },
      },
    ]);
  });
});
