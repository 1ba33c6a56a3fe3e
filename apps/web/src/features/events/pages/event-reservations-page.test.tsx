import type { EventReservation, EventSlot } from '@tsunagu/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { renderWithProviders } from '@test/render-with-providers';
import type { CameraDeps, QrScanner } from '../lib/qr-scanner';
import { EventReservationsPage } from './event-reservations-page';

const slot: EventSlot = {
  id: 31,
  event_id: 7,
  starts_at: '2030-04-20T01:00:00Z',
  ends_at: '2030-04-20T03:00:00Z',
  date: '2030-04-20',
  from: '10:00',
  to: '12:00',
  capacity: 10,
  booked: 1,
  seats_left: 9,
  waitlisted: 0,
  place: '',
  opens_at: null,
  closes_at: null,
  cancel_deadline_at: null,
  effective_closes_at: '2030-04-19T09:00:00Z',
  effective_cancel_deadline_at: '2030-04-19T09:00:00Z',
};
const booking: EventReservation = {
  id: 501,
  event_id: 7,
  slot_id: 31,
  friend_id: 88,
  friend_name: '山田 花子',
  friend_picture_url: '',
  state: 'booked',
  state_name: '予約',
  source: 'member',
  answers: [],
  checkin_code: 'QR-C0DE-501',
  booked_at: '2030-04-01T03:00:00Z',
  cancelled_at: null,
  attended_at: null,
};

/** A camera whose frames the test decides: the decoder boundary answers these codes in turn. */
function fakeCamera(frames: (string | null)[], refuse = false) {
  const stopped: string[] = [];
  const scanner: QrScanner = { scan: async () => frames.shift() ?? null };
  const deps: CameraDeps = {
    loadScanner: async () => scanner,
    openCamera: async () => {
      if (refuse) throw new DOMException('denied', 'NotAllowedError');
      return { getTracks: () => [{ stop: () => stopped.push('video') }] } as unknown as MediaStream;
    },
  };
  return { deps, stopped };
}

function renderPage(camera: CameraDeps) {
  return renderWithProviders(
    [
      {
        path: '/line/reserve/event/7/list',
        element: (
          <EventReservationsPage
            title="予約者一覧"
            id="7"
            canWrite
            FriendPicker={() => null}
            camera={camera}
          />
        ),
      },
    ],
    '/line/reserve/event/7/list',
    {
      'GET /api/events/7/reservations': () =>
        reply(200, {
          event: { id: 7, title: '骨盤ヨガ体験会', admin_name: '4月体験会', questions: [] },
          slots: [slot],
          reservations: [booking],
          waitlist: [],
        }),
      'POST /api/events/7/checkin': () =>
        reply(200, {
          status: true,
          reservation: { ...booking, state: 'attended', state_name: '出席' },
        }),
    },
  );
}

describe('camera check-in on the reservations list (issue 27, decision 0384)', () => {
  it('ROUTE-34 a QR code read by the camera marks the friend 出席 and stops the camera', async () => {
    const camera = fakeCamera([null, null, 'QR-C0DE-501']);
    const app = renderPage(camera.deps);
    await app.user.click(await screen.findByRole('button', { name: 'カメラで読み取る' }));
    expect(await screen.findByRole('dialog', { name: 'QRコードを読み取る' })).toBeVisible();
    expect(await screen.findByText('山田 花子さんを出席にしました')).toBeVisible();
    expect(app.calls.filter((call) => call.method === 'POST')).toMatchObject([
      { path: '/api/events/7/checkin', body: { code: 'QR-C0DE-501' } },
    ]);
    expect(screen.queryByRole('dialog', { name: 'QRコードを読み取る' })).toBeNull();
    expect(camera.stopped).toEqual(['video']);
  });

  it('ROUTE-34 without a camera (or permission) it says so; the typed code still works', async () => {
    const app = renderPage(fakeCamera([], true).deps);
    await app.user.click(await screen.findByRole('button', { name: 'カメラで読み取る' }));
    expect(
      await screen.findByText(
        'カメラを使えません。カメラの許可を確かめるか、受付コードを入力してください。',
      ),
    ).toBeVisible();
    await app.user.click(screen.getByRole('button', { name: '閉じる' }));
    await app.user.type(screen.getByLabelText('受付コード（QRコードの読み取り）'), 'QR-C0DE-501');
    await app.user.click(screen.getByRole('button', { name: '出席にする' }));
    expect(await screen.findByText('山田 花子さんを出席にしました')).toBeVisible();
  });
});
