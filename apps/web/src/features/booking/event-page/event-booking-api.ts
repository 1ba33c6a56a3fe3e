import type {
  MemberIdentity,
  MemberSession,
  MyEventReservation,
  MyEventWaitlist,
  PublicEvent,
  VarValue,
} from '@tsunagu/contracts';
import { call } from '../api/booking-api';

/**
 * The friend's event page calls `/api/event_booking/{publicKey}/…` (decision 0310) with the
 * booking page's plain fetch: only types come from the contracts, never zod or the console's
 * client, so the page stays within the phone budget.
 */
export type Answers = Record<string, VarValue>;
export type MyEventBookings = { reservations: MyEventReservation[]; waitlist: MyEventWaitlist[] };

export function eventBookingApi(publicKey: string) {
  const base = `/api/event_booking/${encodeURIComponent(publicKey)}`;
  return {
    page: () => call<PublicEvent>('GET', base),
    identity: () => call<MemberIdentity>('GET', `${base}/session`),
    signIn: (body: { id_token: string; access_token?: string } | { demo: true }) =>
      call<MemberSession>('POST', `${base}/session`, body),
    book: (slotId: number, answers: Answers) =>
      call<{ id: number; state_name: string }>('POST', `${base}/slots/${slotId}/reservations`, {
        answers,
      }),
    joinWaitlist: (slotId: number, answers: Answers) =>
      call<{ id: number; position: number }>('POST', `${base}/slots/${slotId}/waitlist`, {
        answers,
      }),
    mine: () => call<MyEventBookings>('GET', `${base}/my`),
    cancel: (id: number) => call<unknown>('POST', `${base}/my/reservations/${id}/cancel`, {}),
    accept: (id: number) => call<unknown>('POST', `${base}/my/waitlist/${id}/accept`, {}),
    leaveWaitlist: (id: number) => call<unknown>('DELETE', `${base}/my/waitlist/${id}`),
  };
}

export type EventBookingApi = ReturnType<typeof eventBookingApi>;
