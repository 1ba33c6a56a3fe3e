import {
  SALON_RESERVATION_EVENT,
  salonReservationEventSchema,
  type SalonEventType,
  type SalonReservationEvent,
} from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import { salonEvents } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';

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
}

export type PublishEvents = (events: SalonEventDraft[]) => Promise<void>;

export interface PublisherLog {
  error(object: unknown, message: string): void;
}

/**
 * Stores each event (for Last-Event-ID replay) and announces it with pg_notify in one small
 * transaction of its own. Services call it after their write has committed, never inside it,
 * so no subscriber ever hears of a change that was rolled back. A failure here is logged and
 * swallowed: the reservation change itself has already succeeded.
 */
export function createEventPublisher(db: Database, log: PublisherLog): PublishEvents {
  return async (drafts) => {
    if (drafts.length === 0) return;
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
    }
  };
}
