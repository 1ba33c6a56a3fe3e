import { SALON_EVENT_NOTICES, type SalonEventType } from '@tsunagu/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import {
  DAY,
  FakeEventSource,
  makeConfig,
  makeEvent,
  makeReservation,
  renderSalon,
  SALON_ID,
} from '@test/salon-fixtures';
import { RECONNECT_DELAY_MS } from './event-stream';

const path = `/line/reserve/salon/timeline?date=${DAY}`;
// The salon's own streams: the header's bell keeps the account's stream open beside them.
const salonStreams = () =>
  FakeEventSource.instances.filter((source) =>
    source.url.startsWith(`/api/salon/${SALON_ID}/events`),
  );
const reservationsPath = `/api/salon/${SALON_ID}/reservations`;

async function openStream(push = true, api = {}, streamUrl = `/api/salon/${SALON_ID}/events`) {
  const app = renderSalon(path, api, { data: { config: makeConfig({ push_notification: push }) } });
  await screen.findByText('佐藤 美咲');
  await waitFor(() =>
    expect(app.callsTo('GET', `/api/salon/${SALON_ID}/configs`).length).toBeGreaterThan(0),
  );
  await waitFor(() => expect(salonStreams()).toHaveLength(1));
  const stream = salonStreams()[0]!;
  expect(stream.url).toBe(streamUrl);
  act(() => stream.open());
  await screen.findByText('リアルタイム更新中');
  return { app, stream };
}

const notices = () => screen.getByRole('region', { name: '予約のお知らせ' });

const CASES: [string, SalonEventType][] = [
  ['RT-02', 'create'],
  ['RT-03', 'update'],
  ['RT-04', 'create_request'],
  ['RT-05', 'update_request'],
  ['RT-06', 'cancel'],
  ['RT-07', 'cancel_request'],
  ['RT-08', 'delete_cancel_request'],
  ['RT-09', 'delete_update_request'],
];

describe('realtime notices', { timeout: 30_000 }, () => {
  for (const [rule, type] of CASES) {
    it(`${rule} RT-13 event type ${type} shows '${SALON_EVENT_NOTICES[type]}' with the member name and icon`, async () => {
      const { stream } = await openStream();
      act(() => stream.emit(makeEvent({ event_type: type, id: 600 })));
      const notice = await within(notices()).findByRole('article');
      expect(notice).toHaveTextContent('渡辺 花子');
      expect(notice).toHaveTextContent(SALON_EVENT_NOTICES[type]!);
      expect(notice.querySelector('img')).toHaveAttribute('src', 'https://example.jp/icon.png');
    });
  }

  it('RT-10 events made by the manager produce no notice', async () => {
    const { app, stream } = await openStream();
    act(() => stream.emit(makeEvent({ actor: 'manager', event_type: 'create' })));
    // The reservation is still refreshed (RSV-63), only the notice is left out.
    await waitFor(() =>
      expect(app.callsTo('GET', reservationsPath).some((call) => call.query.ids === '11')).toBe(
        true,
      ),
    );
    expect(within(notices()).queryByRole('article')).toBeNull();
  });

  it('RT-11 approve and deny events produce no notice', async () => {
    const { app, stream } = await openStream();
    for (const [index, type] of (
      [
        'approve_update_request',
        'deny_update_request',
        'approve_cancel_request',
        'deny_cancel_request',
      ] as const
    ).entries())
      act(() => stream.emit(makeEvent({ event_type: type, id: 700 + index })));
    await waitFor(() =>
      expect(app.callsTo('GET', reservationsPath).some((call) => call.query.ids === '11')).toBe(
        true,
      ),
    );
    expect(within(notices()).queryByRole('article')).toBeNull();
  });

  it('RT-12 with push_notification off no event produces a notice', async () => {
    const { app, stream } = await openStream(false);
    for (const [index, [, type]] of CASES.entries())
      act(() => stream.emit(makeEvent({ event_type: type, id: 800 + index })));
    await waitFor(() =>
      expect(app.callsTo('GET', reservationsPath).some((call) => call.query.ids === '11')).toBe(
        true,
      ),
    );
    expect(within(notices()).queryByRole('article')).toBeNull();
  });

  it('RSV-63 an event refreshes the reservations it names with ?ids= and the timeline shows the change without a reload', async () => {
    const { app, stream } = await openStream(true, {
      [`GET ${reservationsPath}`]: ({ query }: { query: Record<string, string> }) =>
        query.ids
          ? reply(200, [
              makeReservation({ id: 21, from: '15:00', to: '16:00', name: '新しいお客様' }),
            ])
          : reply(200, [makeReservation()]),
    });
    act(() => stream.emit(makeEvent({ reservation_id: 21, event_type: 'create_request' })));
    await waitFor(() =>
      expect(document.querySelector('.tl-item[data-reservation-id="21"]')).not.toBeNull(),
    );
    expect(app.callsTo('GET', reservationsPath).at(-1)!.query).toEqual({ ids: '21' });
    // The notice opens the reservation's detail.
    await app.user.click(within(notices()).getByRole('button', { name: '予約を開く' }));
    expect(await screen.findByRole('complementary', { name: '予約の詳細' })).toHaveTextContent(
      '新しいお客様',
    );
  });

  it('RT-14 the stream comes from the realtime settings of the salon (channel, stream url)', async () => {
    const { app } = await openStream();
    expect(app.callsTo('GET', '/api/realtime/settings')[0]!.query).toEqual({
      salon_id: String(SALON_ID),
    });
    expect(salonStreams().map((source) => source.url)).toEqual([`/api/salon/${SALON_ID}/events`]);
  });

  it('a dropped stream shows オフライン and reconnects with the last event id', async () => {
    const { stream } = await openStream();
    act(() => stream.emit(makeEvent({ id: 905 })));
    act(() => stream.fail(false));
    expect(await screen.findByText('オフライン')).toBeVisible();
    // The browser gave up: we open a new stream that asks for what was missed.
    act(() => stream.fail(true));
    await waitFor(() => expect(salonStreams()).toHaveLength(2), {
      timeout: RECONNECT_DELAY_MS + 2000,
    });
    const again = salonStreams()[1]!;
    expect(again.url).toBe(`/api/salon/${SALON_ID}/events?last_event_id=905`);
    act(() => again.open());
    expect(await screen.findByText('リアルタイム更新中')).toBeVisible();
  });
});
