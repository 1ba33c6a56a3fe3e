import {
  REALTIME_REPLAY_MINUTES,
  SALON_RESERVATION_EVENT,
  salonReservationEventSchema,
  type SalonEventType,
  type SalonReservationEvent,
} from '@tsunagu/contracts';
import { lt, sql } from 'drizzle-orm';
import { salonEvents } from '../../db/schema/index.js';
import type { Database, Executor } from '../../db/types.js';

/** The PostgreSQL channel every process LISTENs on (decision 0011). */
export const SALON_EVENTS_CHANNEL = 'tsunagu_salon_events';

/** What a service knows about a change; the publisher adds the id and time. */
export interface SalonEventDraft {
  salonId: number;
  reservationId: number;
  changeChildId?: number | null;
  deleteChildId?: number | null;
  type: SalonEventType;
  actor: 'manager' | 'member';
  memberDisplayName: string;
  iconUrl: string;
  /** online_notice: the salon's own notice text. */
  noticeText?: string;
}

export type PublishEvents = (events: SalonEventDraft[]) => Promise<void>;

/**
 * What must commit with a reservation change, in its own transaction (decision 0295): the
 * Google Calendar outbox and the staff notices. Publishing stays after the commit.
 */
export type RecordEvents = (tx: Executor, events: SalonEventDraft[]) => Promise<void>;

export interface PublisherLog {
  error(object: unknown, message: string): void;
}

/** Events older than this are of no use to a replay (twice its window, for clock skew). */
export const SALON_EVENTS_KEEP_MINUTES = REALTIME_REPLAY_MINUTES * 2;
/** A publishing process prunes `salon_events` at most this often. */
export const SALON_EVENTS_PRUNE_EVERY_MS = 60_000;

/**
 * Stores each event (for Last-Event-ID replay) and announces it with pg_notify in one small
 * transaction of its own. Services call it after their write has committed, never inside it,
 * so no subscriber ever hears of a change that was rolled back. A failure here is logged and
 * swallowed: the reservation change itself has already succeeded.
 *
 * Only the last minutes of `salon_events` are ever replayed, so after a publish, at most once
 * a minute per process, the rows older than SALON_EVENTS_KEEP_MINUTES are deleted: a small
 * delete on a small table, no timer to clear, nothing to do while nobody writes.
 */
export function createEventPublisher(
  db: Database,
  log: PublisherLog,
  options: { now?: () => number } = {},
): PublishEvents {
  const now = options.now ?? Date.now;
  let lastPrune = Number.NEGATIVE_INFINITY;

  async function pruneNowAndThen() {
    if (now() - lastPrune < SALON_EVENTS_PRUNE_EVERY_MS) return;
    lastPrune = now();
    try {
      await db
        .delete(salonEvents)
        .where(
          lt(
            salonEvents.createdAt,
            sql`now() - make_interval(mins => ${SALON_EVENTS_KEEP_MINUTES})`,
          ),
        );
    } catch (error) {
      log.error({ err: error }, 'old salon events could not be pruned');
    }
  }

  return async (drafts) => {
    if (drafts.length === 0) return;
    await publish(drafts);
    await pruneNowAndThen();
  };

  async function publish(drafts: SalonEventDraft[]) {
    try {
      await db.transaction(async (tx) => {
        for (const draft of drafts) {
          const payload = {
            event: SALON_RESERVATION_EVENT,
            salon_id: draft.salonId,
            reservation_id: draft.reservationId,
            reservation_change_child_id: draft.changeChildId ?? null,
            reservation_delete_child_id: draft.deleteChildId ?? null,
            event_type: draft.type,
            member_display_name: draft.memberDisplayName,
            icon_url: draft.iconUrl,
            actor: draft.actor,
            ...(draft.noticeText ? { notice_text: draft.noticeText } : {}),
          };
          const [row] = await tx
            .insert(salonEvents)
            .values({ salonId: draft.salonId, payload })
            .returning({ id: salonEvents.id, createdAt: salonEvents.createdAt });
          if (!row) throw new Error('insert returned no row');
          const event: SalonReservationEvent = salonReservationEventSchema.parse({
            ...payload,
            id: row.id,
            occurred_at: row.createdAt.toISOString(),
          });
          await tx.execute(
            sql`SELECT pg_notify(${SALON_EVENTS_CHANNEL}, ${JSON.stringify(event)})`,
          );
        }
      });
    } catch (error) {
      log.error({ err: error }, 'salon event could not be published');
      return;
    }
  }
}
