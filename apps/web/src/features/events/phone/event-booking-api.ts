import type { MemberIdentity, MemberSession } from '@tsunagu/contracts';
import { call } from '@/features/booking/api/booking-api';

/**
 * The friend's event page calls `/api/event_booking/{publicKey}/…` (issue 27) with the booking
 * page's plain fetch: only types reach the phone, never zod or the console's client.
 */
export type PublicEventSlot = {
  id: number;
  starts_at: string;
  ends_at: string;
  capacity: number;
  booked: number;
  place: string;
  /** False before booking opens or after it closes; the reason is in `closed_reason`. */
  bookable: boolean;
  closed_reason: string;
  waitlist_open: boolean;
};

export type PublicEvent = {
  title: string;
  description: string;
  image_url: string;
  account_name: string;
  state: 'draft' | 'open' | 'closed' | 'ended';
  questions: { label: string; required: boolean }[];
  slots: PublicEventSlot[];
};

export type MyEventBooking = {
  id: number;
  slot_id: number;
  starts_at: string;
  ends_at: string;
  state: 'booked' | 'attended' | 'absent' | 'waitlisted' | 'offered' | string;
  state_name: string;
  /** Shown only to a booked friend: the address or the online URL. */
  place: string;
  online_url: string;
  can_cancel: boolean;
  cancel_until: string | null;
  /** While a seat is offered: until when it may be accepted. */
  offer_expires_at: string | null;
};

export type BookResult = { id: number; state: 'booked' | 'waitlisted'; state_name: string };

export function eventBookingApi(publicKey: string) {
  const base = `/api/event_booking/${encodeURIComponent(publicKey)}`;
  return {
    page: () => call<PublicEvent>('GET', base),
    identity: () => call<MemberIdentity>('GET', `${base}/session`),
    signIn: (body: { id_token: string; access_token?: string } | { demo: true }) =>
      call<MemberSession>('POST', `${base}/session`, body),
    book: (slotId: number, answers: string[], waitlist: boolean) =>
      call<BookResult>('POST', `${base}/slots/${slotId}/reservations`, {
        answers: answers.map((value) => ({ value })),
        ...(waitlist ? { waitlist: true } : {}),
      }),
    mine: () => call<{ reservations: MyEventBooking[] }>('GET', `${base}/reservations`),
    cancel: (id: number) => call<MyEventBooking>('POST', `${base}/reservations/${id}/cancel`, {}),
    accept: (id: number) => call<MyEventBooking>('POST', `${base}/reservations/${id}/accept`, {}),
  };
}

export type EventBookingApi = ReturnType<typeof eventBookingApi>;
