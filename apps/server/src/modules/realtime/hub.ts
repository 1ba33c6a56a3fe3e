import {
  REALTIME_REPLAY_MINUTES,
  REALTIME_STREAMS_PER_SESSION,
  salonReservationEventSchema,
  type SalonReservationEvent,
} from '@tsunagu/contracts';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { salonEvents } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { SALON_EVENTS_CHANNEL } from './publisher.js';

type Listener = (event: SalonReservationEvent) => void;
type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
) => Promise<() => Promise<void>>;

/**
 * Fans events out to this process's subscribers. Every process LISTENs on one PostgreSQL
 * channel, so an event published by any process reaches the streams of all of them
 * (decision 0011). Events are also kept in `salon_events` for Last-Event-ID replay.
 */
export function createRealtimeHub(deps: {
  db: Database;
  listen: Listen;
  log: { warn(o: unknown, m: string): void };
}) {
  const listeners = new Map<number, Set<Listener>>();
  /** The closers of the open streams, by session (the SHA-256 of its token). */
  const streams = new Map<string, Set<() => void>>();
  let unlisten: (() => Promise<void>) | undefined;

  function deliver(payload: string) {
    let event: SalonReservationEvent;
    try {
      event = salonReservationEventSchema.parse(JSON.parse(payload));
    } catch (error) {
      deps.log.warn({ err: error }, 'ignored a malformed realtime notification');
      return;
    }
    for (const listener of listeners.get(event.salon_id) ?? []) listener(event);
  }

  return {
    async start() {
      unlisten = await deps.listen(SALON_EVENTS_CHANNEL, deliver);
    },

    subscribe(salonId: number, listener: Listener): () => void {
      const set = listeners.get(salonId) ?? new Set();
      set.add(listener);
      listeners.set(salonId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(salonId);
      };
    },

    /**
     * Registers an open stream of a session, unless the session already holds
     * `REALTIME_STREAMS_PER_SESSION` here: then undefined (decision 0051). Synchronous, so
     * requests arriving together cannot all pass the count. Returns the function that
     * unregisters it.
     */
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

    /** Ends every stream of a session (it signed out or expired). */
    closeSession(sessionKey: string): void {
      for (const close of [...(streams.get(sessionKey) ?? [])]) close();
      streams.delete(sessionKey);
    },

    /** Events of the salon after `afterId` from the last REALTIME_REPLAY_MINUTES minutes. */
    async replay(salonId: number, afterId: number): Promise<SalonReservationEvent[]> {
      const rows = await deps.db
        .select()
        .from(salonEvents)
        .where(
          and(
            eq(salonEvents.salonId, salonId),
            gt(salonEvents.id, afterId),
            sql`${salonEvents.createdAt} > now() - make_interval(mins => ${REALTIME_REPLAY_MINUTES})`,
          ),
        )
        .orderBy(asc(salonEvents.id))
        .limit(1000);
      return rows.map((row) =>
        salonReservationEventSchema.parse({
          ...(row.payload as object),
          id: row.id,
          occurred_at: row.createdAt.toISOString(),
        }),
      );
    },

    async close() {
      for (const open of [...streams.values()]) for (const close of [...open]) close();
      streams.clear();
      listeners.clear();
      await unlisten?.();
    },
  };
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
