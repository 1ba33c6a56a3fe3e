import {
  RESERVATION_STATUSES,
  type BlockTime,
  type Course,
  type Reservation,
  type Resource,
  type SalonConfig,
  type SalonReservationEvent,
  type TimeShift,
} from '@tsunagu/contracts';
import { vi } from 'vitest';
import { makeSession } from './fixtures';
import { reply, type FakeHandler } from './fake-api';
import { renderApp } from './render-app';
// Loaded up front: the route table imports the salon screens lazily, and the first test of a
// file should not spend its waiting time on compiling them.
import '@/app/routes/salon-routes';

export const SALON_ID = 7;
export const DAY = '2030-04-15'; // a Monday

export function makeResource(overrides: Partial<Resource> = {}): Resource {
  return {
    id: 1,
    name: '佐藤 美咲',
    kind: 'staff',
    description: '',
    nomination_fee: 0,
    color: '#e53e3e',
    is_public: true,
    order: 1,
    ...overrides,
  };
}

export const RESOURCES: Resource[] = [
  makeResource(),
  makeResource({ id: 2, name: '田中 翔太', color: '#3182ce', order: 2 }),
  makeResource({ id: 5, name: '個室A', kind: 'room', color: '#805ad5', order: 3 }),
];

export const COURSES: Course[] = [
  {
    id: 1,
    name: 'カット',
    description: '',
    duration: 60,
    price: 4950,
    color: '#4299e1',
    is_public: true,
    order: 1,
  },
  {
    id: 2,
    name: 'カラー',
    description: '',
    duration: 90,
    price: 8800,
    color: '#ed8936',
    is_public: true,
    order: 2,
  },
];

export function makeReservation(overrides: Partial<Reservation> = {}): Reservation {
  return {
    id: 11,
    salon_id: SALON_ID,
    name: '',
    comment: '',
    contact_address: '',
    course_id: 1,
    member_id: 3,
    member: { id: 3, display_name: '渡辺 花子', icon_url: '' },
    phone: '',
    kana: '',
    date: DAY,
    from: '10:00',
    to: '11:00',
    salon_resource_id: 1,
    sub_resource_ids: [],
    resource_fee_is_charged: false,
    meta_data: { memo: '' },
    customer_answers: [],
    status: 2,
    status_label: '予約確定',
    visit_status: 0,
    is_attended: false,
    checked_at: null,
    shift_override: false,
    source: 'manager',
    change_child: null,
    cancel_child: null,
    created_at: '2030-04-01T01:00:00.000Z',
    updated_at: '2030-04-01T01:00:00.000Z',
    ...overrides,
  };
}

export function makeShift(overrides: Partial<TimeShift> = {}): TimeShift {
  return {
    id: 31,
    start_date: '2030-04-01',
    _date: DAY,
    dirty_date: null,
    repeat: 'weekly',
    from: '10:00',
    to: '19:00',
    salon_resource_id: 1,
    description: '通常勤務',
    patch_type: null,
    expired_at: null,
    self_id: `31_${DAY}`,
    ...overrides,
  };
}

export function makeBlockTime(overrides: Partial<BlockTime> = {}): BlockTime {
  return {
    id: 41,
    date: DAY,
    from: '13:00',
    to: '14:00',
    salon_resource_id: 2,
    is_confirmed: true,
    description: '休憩',
    ...overrides,
  };
}

export function makeConfig(overrides: Partial<SalonConfig> = {}): SalonConfig {
  return {
    salon_id: SALON_ID,
    is_saved: true,
    enable_online: true,
    sync_shift: false,
    push_notification: true,
    booking: {
      slot_interval_minutes: 30,
      accept_days_ahead: 60,
      accept_hours_before: 1,
      accept_mode: 'request',
    },
    cancel: { deadline_hours: 24, allow_online_cancel: true, accept_mode: 'instant' },
    ...overrides,
  };
}

export function makeEvent(overrides: Partial<SalonReservationEvent> = {}): SalonReservationEvent {
  return {
    event: 'salon_reservation_event',
    id: 501,
    salon_id: SALON_ID,
    reservation_id: 11,
    reservation_change_child_id: null,
    reservation_delete_child_id: null,
    event_type: 'create',
    member_display_name: '渡辺 花子',
    icon_url: 'https://example.jp/icon.png',
    actor: 'member',
    occurred_at: '2030-04-15T01:00:00.000Z',
    ...overrides,
  };
}

/** A fake of the browser's EventSource (the HTTP boundary of the realtime stream). */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  private listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  closed = false;

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  emit(event: SalonReservationEvent) {
    const message = new MessageEvent('salon_reservation_event', {
      data: JSON.stringify(event),
      lastEventId: String(event.id),
    });
    for (const listener of this.listeners.get('salon_reservation_event') ?? []) listener(message);
  }
  fail(closed: boolean) {
    this.readyState = closed ? 2 : 0;
    this.onerror?.(new Event('error'));
  }
  static latest(): FakeEventSource {
    const last = FakeEventSource.instances.at(-1);
    if (!last) throw new Error('no EventSource was opened');
    return last;
  }
}

export function installFakeEventSource() {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
}

type SalonApiOptions = {
  reservations?: Reservation[];
  shifts?: TimeShift[];
  blockTimes?: BlockTime[];
  config?: SalonConfig;
};

/** The read calls of the salon screens, answering with the given data. */
export function salonApi(options: SalonApiOptions = {}): Record<string, FakeHandler> {
  const base = `/api/salon/${SALON_ID}`;
  return {
    'GET /api/salons': () => reply(200, [{ id: SALON_ID, name: 'サロン青山' }]),
    'GET /api/salon/resources': () => reply(200, RESOURCES),
    'GET /api/salon/courses': () => reply(200, COURSES),
    'GET /api/realtime/settings': () =>
      reply(200, {
        api_key: null,
        cluster: 'sse',
        channel: `salon-${SALON_ID}`,
        debug: false,
        salon_id: SALON_ID,
        stream_url: `${base}/events`,
      }),
    'GET /api/salon/statuses': () =>
      reply(
        200,
        RESERVATION_STATUSES.map((status) => ({ ...status })),
      ),
    [`GET ${base}/configs`]: ({ query }) =>
      query.attr === 'opening'
        ? reply(200, { year: 2030, weekdays: [], dates: {}, is_saved: false })
        : reply(200, options.config ?? makeConfig()),
    [`GET ${base}/reservations`]: () => reply(200, options.reservations ?? [makeReservation()]),
    [`GET ${base}/time_shifts`]: () => reply(200, options.shifts ?? [makeShift()]),
    [`GET ${base}/block_times`]: () => reply(200, options.blockTimes ?? []),
    [`GET ${base}/desk/pending`]: () => reply(200, { count: 0, items: [] }),
  };
}

/** The salon console at `path` through the real route table, as demo (or read-only staff). */
export function renderSalon(
  path: string,
  api: Record<string, FakeHandler> = {},
  options: { readOnly?: boolean; data?: SalonApiOptions } = {},
) {
  installFakeEventSource();
  const session = options.readOnly
    ? makeSession({ permissions: [], isOwner: false })
    : makeSession();
  const view = renderApp(path, { session, api: { ...salonApi(options.data), ...api } });
  const callsTo = (method: string, path: string) =>
    view.calls.filter((call) => call.method === method && call.path === path);
  return { ...view, callsTo };
}
