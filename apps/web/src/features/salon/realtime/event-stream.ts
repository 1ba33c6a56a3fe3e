import {
  SALON_RESERVATION_EVENT,
  salonReservationEventSchema,
  type SalonReservationEvent,
} from '@tsunagu/contracts';

export type StreamState = 'connecting' | 'open' | 'offline';

/** What the stream needs of `EventSource`; tests hand in a fake. */
export type EventSourceLike = {
  readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
};
export type EventSourceFactory = (url: string) => EventSourceLike;

const CLOSED = 2;
/** The server asks for `retry: 3000`; a stream the browser gave up on is reopened as often. */
export const RECONNECT_DELAY_MS = 3000;

/**
 * The salon's Server-Sent Events stream (RT-01). The browser reconnects a dropped stream by
 * itself and sends `Last-Event-ID`; when it gives up (the server answered an error, the
 * network was gone too long) we open a new one with `?last_event_id=`, so the server replays
 * what was missed (decision 0011). `onState` reports オフライン meanwhile.
 */
export function openSalonEventStream(options: {
  url: string;
  onEvent: (event: SalonReservationEvent) => void;
  onState: (state: StreamState) => void;
  /** After an outage: events older than the replay window may be lost, so reload. */
  onReconnected?: () => void;
  createEventSource?: EventSourceFactory;
}) {
  const create = options.createEventSource ?? ((url: string) => new EventSource(url));
  let lastEventId = '';
  let source: EventSourceLike | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let wasOffline = false;
  let stopped = false;

  const connect = () => {
    const url = lastEventId
      ? `${options.url}?last_event_id=${encodeURIComponent(lastEventId)}`
      : options.url;
    const current = create(url);
    source = current;
    current.onopen = () => {
      options.onState('open');
      if (wasOffline) options.onReconnected?.();
      wasOffline = false;
    };
    current.onerror = () => {
      wasOffline = true;
      options.onState('offline');
      if (current.readyState === CLOSED && !stopped) {
        current.close();
        timer = setTimeout(connect, RECONNECT_DELAY_MS);
      }
    };
    current.addEventListener(SALON_RESERVATION_EVENT, (message) => {
      if (message.lastEventId) lastEventId = message.lastEventId;
      const parsed = salonReservationEventSchema.safeParse(parseJson(message.data));
      if (parsed.success) options.onEvent(parsed.data);
      else console.error('salon: 解釈できないイベントを受信しました', message.data);
    });
  };

  options.onState('connecting');
  connect();
  return {
    close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
    },
  };
}

function parseJson(text: unknown): unknown {
  try {
    return JSON.parse(String(text));
  } catch {
    return undefined;
  }
}
