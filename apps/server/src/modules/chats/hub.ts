import { REALTIME_STREAMS_PER_SESSION, type ChatEvent } from '@tsunagu/contracts';
import { CHAT_EVENTS_CHANNEL, parseChatNotification } from './events.js';

type Listener = (event: ChatEvent) => void;
type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
) => Promise<() => Promise<void>>;

/**
 * Fans chat events out to this process's open chat streams, by account (decision 0235). Every
 * process LISTENs on one PostgreSQL channel, as the salon events do (decision 0011), so a
 * message recorded by a worker reaches the streams the API process holds.
 */
export function createChatHub(deps: { listen: Listen }) {
  const listeners = new Map<number, Set<Listener>>();
  const streams = new Map<string, Set<() => void>>();
  let unlisten: (() => Promise<void>) | undefined;

  function deliver(payload: string) {
    const parsed = parseChatNotification(payload);
    if (!parsed) return;
    for (const listener of listeners.get(parsed.accountId) ?? []) listener(parsed.event);
  }

  return {
    async start() {
      unlisten = await deps.listen(CHAT_EVENTS_CHANNEL, deliver);
    },
    subscribe(accountId: number, listener: Listener): () => void {
      const set = listeners.get(accountId) ?? new Set();
      set.add(listener);
      listeners.set(accountId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(accountId);
      };
    },
    /** As the salon hub's (decision 0051): at most REALTIME_STREAMS_PER_SESSION per session. */
    track(sessionKey: string, close: () => void): (() => void) | undefined {
      const open = streams.get(sessionKey) ?? new Set();
      if (open.size >= REALTIME_STREAMS_PER_SESSION) return undefined;
      open.add(close);
      streams.set(sessionKey, open);
      return () => {
        open.delete(close);
        if (open.size === 0 && streams.get(sessionKey) === open) streams.delete(sessionKey);
      };
    },
    closeSession(sessionKey: string): void {
      for (const close of [...(streams.get(sessionKey) ?? [])]) close();
      streams.delete(sessionKey);
    },
    async close() {
      for (const open of [...streams.values()]) for (const close of [...open]) close();
      streams.clear();
      listeners.clear();
      await unlisten?.();
    },
  };
}

export type ChatHub = ReturnType<typeof createChatHub>;
