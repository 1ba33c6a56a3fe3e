import { EVENT_STATE_LABELS, type EventListItem, type EventState } from '@tsunagu/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { events } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { toTokyoIso } from '../../lib/tokyo-time.js';
import * as repository from './repository.js';
import { tokyoParts } from './slot-times.js';

export type EventListQuery = { folder?: string | undefined; state?: EventState | undefined };

/**
 * The EventList: the account's events, newest first, each with its next date and its slots'
 * bookings against capacity, and the folders in use.
 */
export async function listEvents(
  db: Database,
  accountId: number,
  query: EventListQuery,
  now: Date,
) {
  const rows = await db
    .select()
    .from(events)
    .where(
      and(
        eq(events.accountId, accountId),
        query.folder === undefined ? undefined : eq(events.folder, query.folder),
        query.state === undefined ? undefined : eq(events.state, query.state),
      ),
    )
    .orderBy(desc(events.id));
  const ids = rows.map((row) => row.id);
  const slots = await repository.slotsOf(db, ids);
  const counts = await repository.slotCounts(db, ids);
  const list: EventListItem[] = rows.map((event) => {
    const own = slots.filter((slot) => slot.eventId === event.id);
    const next = own.find((slot) => slot.startsAt >= now);
    const items = own.map((slot) => ({
      id: slot.id,
      starts_at: toTokyoIso(slot.startsAt),
      date: tokyoParts(slot.startsAt).date,
      from: tokyoParts(slot.startsAt).time,
      booked: repository.countsOf(counts, slot.id).booked,
      capacity: slot.capacity,
    }));
    return {
      id: event.id,
      public_key: event.publicKey,
      admin_name: event.adminName,
      title: event.title,
      folder: event.folder,
      state: event.state as EventState,
      state_name: EVENT_STATE_LABELS[event.state as EventState],
      next_starts_at: next ? toTokyoIso(next.startsAt) : '',
      slots: items,
      booked: items.reduce((sum, slot) => sum + slot.booked, 0),
      capacity: items.reduce((sum, slot) => sum + slot.capacity, 0),
      updated_at: toTokyoIso(event.updatedAt),
    };
  });
  const folders = await db
    .selectDistinct({ folder: events.folder })
    .from(events)
    .where(and(eq(events.accountId, accountId), sql`${events.folder} <> ''`))
    .orderBy(asc(events.folder));
  return { events: list, folders: folders.map((row) => row.folder) };
}
