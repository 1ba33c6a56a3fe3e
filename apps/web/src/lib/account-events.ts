import {
  ACCOUNT_EVENT,
  ACCOUNT_EVENTS_PATH,
  accountEventSchema,
  type AccountEvent,
} from '@tsunagu/contracts';
import { useEffect, useRef } from 'react';

type Listener = {
  kind: string;
  onEvent: (event: AccountEvent) => void;
  onReconnected?: () => void;
};

/** What the stream needs of `EventSource`; tests hand in a fake. */
export type AccountEventSourceLike = {
  readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
};

const CLOSED = 2;
const RECONNECT_DELAY_MS = 3000;
const listeners = new Set<Listener>();
let source: AccountEventSourceLike | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
let wasOffline = false;
const browserSource = (url: string): AccountEventSourceLike => new EventSource(url);
let createSource: (url: string) => AccountEventSourceLike = browserSource;

/** Tests: open a fake instead of the browser's EventSource. */
export function setAccountEventSourceFactory(factory: (url: string) => AccountEventSourceLike) {
  createSource = factory;
}

function connect() {
  const current = createSource(ACCOUNT_EVENTS_PATH);
  source = current;
  current.onopen = () => {
    // After an outage events may have been missed (the stream keeps none): every screen reads again.
    if (wasOffline) for (const listener of [...listeners]) listener.onReconnected?.();
    wasOffline = false;
  };
  current.onerror = () => {
    wasOffline = true;
    if (current.readyState === CLOSED && listeners.size > 0) {
      current.close();
      timer = setTimeout(connect, RECONNECT_DELAY_MS);
    }
  };
  current.addEventListener(ACCOUNT_EVENT, (message) => {
    let data: unknown;
    try {
      data = JSON.parse(String(message.data));
    } catch {
      return;
    }
    const parsed = accountEventSchema.safeParse(data);
    if (!parsed.success) return;
    for (const listener of [...listeners])
      if (listener.kind === parsed.data.kind) listener.onEvent(parsed.data);
  });
}

function disconnect() {
  if (timer) clearTimeout(timer);
  timer = null;
  source?.close();
  source = null;
  wasOffline = false;
}

/**
 * The account's live events (decision 0241): one stream per tab, shared by every screen that
 * listens; each listener hears only its kind. `onReconnected`: the stream was down, read again.
 */
export function useAccountEvents(
  kind: string,
  onEvent: (event: AccountEvent) => void,
  onReconnected?: () => void,
) {
  const latest = useRef({ onEvent, onReconnected });
  latest.current = { onEvent, onReconnected };
  useEffect(() => {
    const listener: Listener = {
      kind,
      onEvent: (event) => latest.current.onEvent(event),
      onReconnected: () => latest.current.onReconnected?.(),
    };
    listeners.add(listener);
    // No EventSource (an old browser, a test's DOM): the screens still work, only not live.
    if (!source && (typeof EventSource !== 'undefined' || createSource !== browserSource))
      connect();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) disconnect();
    };
  }, [kind]);
}
