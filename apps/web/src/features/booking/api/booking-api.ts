import type {
  BookingPage,
  BookingSlots,
  MemberCancelResult,
  MemberIdentity,
  MemberSession,
  MyReservation,
} from '@tsunagu/contracts';
import type { CustomerAnswersInput } from '@tsunagu/contracts/customer-answers';

/**
 * The booking page's calls to `/api/booking/{publicKey}/…` (decisions 0102, 0115). Plain fetch:
 * the page is its own small entry and needs no query cache. Only types come from the contracts,
 * so zod never reaches the customer's phone.
 */
export type FreeSlot = { date: string; from: string; to: string };

export class BookingApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
    /** On 409 of a taken slot: the nearest free ones the server offers instead. */
    readonly alternatives: FreeSlot[] = [],
  ) {
    super(message);
  }
}

const OFFLINE = '通信できませんでした。電波の良いところでもう一度お試しください';

/** One JSON call of a member page (the event page uses it too); refusals as BookingApiError. */
export async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        // The server's CSRF defence (decision 0004) asks every write for this header.
        'X-Requested-With': 'XMLHttpRequest',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new BookingApiError(0, OFFLINE);
  }
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    throw new BookingApiError(
      response.status,
      typeof data.message === 'string' ? data.message : OFFLINE,
      (data.errors as Record<string, string[]> | undefined) ?? {},
      (data.alternatives as FreeSlot[] | undefined) ?? [],
    );
  }
  return data as T;
}

export type BookingRequest = {
  course_id: number;
  resource_id: number | null;
  date: string;
  from: string;
  comment: string;
  answers: CustomerAnswersInput;
};
export type BookingResult = { id: number; state: 'confirmed' | 'requested'; state_name: string };

export function bookingApi(publicKey: string) {
  const base = `/api/booking/${encodeURIComponent(publicKey)}`;
  return {
    page: () => call<BookingPage>('GET', base),
    identity: () => call<MemberIdentity>('GET', `${base}/session`),
    signIn: (body: { id_token: string; access_token?: string } | { demo: true }) =>
      call<MemberSession>('POST', `${base}/session`, body),
    slots: (courseId: number, resourceId: number | null, from: string, to: string) => {
      const query = new URLSearchParams({ course_id: String(courseId), from, to });
      if (resourceId !== null) query.set('resource_id', String(resourceId));
      return call<BookingSlots>('GET', `${base}/slots?${query}`);
    },
    book: (body: BookingRequest) => call<BookingResult>('POST', `${base}/reservations`, body),
    mine: () =>
      call<{ upcoming: MyReservation[]; past: MyReservation[] }>('GET', `${base}/my/reservations`),
    requestChange: (id: number, slot: { date: string; from: string }) =>
      call<{ id: number }>('POST', `${base}/my/reservations/${id}/change`, slot),
    requestCancel: (id: number) =>
      call<MemberCancelResult>('POST', `${base}/my/reservations/${id}/cancel`),
    withdraw: (id: number, childId: number) =>
      call<{ status: true }>('DELETE', `${base}/my/reservations/${id}/requests/${childId}`),
  };
}
export type BookingApi = ReturnType<typeof bookingApi>;
