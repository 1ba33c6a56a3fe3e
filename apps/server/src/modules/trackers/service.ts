import {
  TRACKER_TEXT,
  type Action,
  type Tracker,
  type TrackerEntry,
  type TrackerRunMode,
} from '@tsunagu/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { trackers } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { NotFoundError } from '../../lib/errors.js';
import { fieldError } from '../../lib/validate.js';
import { assertActions } from '../actions/index.js';
import { contentGroupExists } from '../content-groups/index.js';
import { lineChannelReader } from '../line/index.js';
import { newTrackerCode } from './codes.js';
import { trackerCounts } from './counts.js';
import { liffChannelId } from './liff-entry.js';

export type TrackerRow = typeof trackers.$inferSelect;
export interface TrackerValues {
  name: string;
  group_id: number | null;
  run_mode: TrackerRunMode;
  entry: TrackerEntry;
  actions: Action[];
  run_greeting: boolean;
  active: boolean;
}

/** A tracker's public URL: `{origin}/t/{code}`. */
export const trackerUrl = (origin: string, code: string) => `${origin}/t/${code}`;

/** Trackers of an account (decision 0330): CRUD, on / off, with their counts. */
export function createTrackersService(db: Database) {
  async function find(accountId: number, id: number): Promise<TrackerRow> {
    const [row] = await db
      .select()
      .from(trackers)
      .where(and(eq(trackers.accountId, accountId), eq(trackers.id, id)));
    if (!row) throw new NotFoundError(TRACKER_TEXT.notFound);
    return row;
  }
  async function check(accountId: number, input: TrackerValues) {
    if (input.group_id !== null && !(await contentGroupExists(db, accountId, input.group_id)))
      throw fieldError('group_id', TRACKER_TEXT.groupNotFound);
    await assertActions(db, accountId, input.actions);
    // LIFF needs the account's trackers' LIFF app (decisions 0475, 0476).
    if (input.entry === 'liff') {
      const channel = await lineChannelReader.find(db, accountId);
      if (!channel?.trackerLiffId || !liffChannelId(channel.trackerLiffId))
        throw fieldError('entry', TRACKER_TEXT.liffNotReady);
    }
  }
  const values = (input: TrackerValues) => ({
    name: input.name,
    groupId: input.group_id,
    runMode: input.run_mode,
    entry: input.entry,
    actions: input.actions,
    runGreeting: input.run_greeting,
    active: input.active,
  });

  async function views(accountId: number, rows: TrackerRow[], origin: string) {
    const counts = await trackerCounts(
      db,
      accountId,
      rows.map((row) => row.id),
    );
    return rows.map((row): Tracker => ({
      id: row.id,
      name: row.name,
      group_id: row.groupId,
      code: row.code,
      url: trackerUrl(origin, row.code),
      run_mode: row.runMode as TrackerRunMode,
      entry: row.entry as TrackerEntry,
      run_greeting: row.runGreeting,
      active: row.active,
      actions: row.actions as Action[],
      ...counts.get(row.id)!,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    }));
  }

  return {
    find,
    /** `group`: a folder's trackers; 0: those of no folder; undefined: all. */
    async list(accountId: number, group: number | undefined, origin: string) {
      const rows = await db
        .select()
        .from(trackers)
        .where(
          and(
            eq(trackers.accountId, accountId),
            group === undefined
              ? undefined
              : group === 0
                ? isNull(trackers.groupId)
                : eq(trackers.groupId, group),
          ),
        )
        .orderBy(asc(trackers.id));
      return views(accountId, rows, origin);
    },
    async get(accountId: number, id: number, origin: string) {
      return (await views(accountId, [await find(accountId, id)], origin))[0]!;
    },
    async create(accountId: number, input: TrackerValues, origin: string) {
      await check(accountId, input);
      // A code taken already (1 in 31^10) is drawn again.
      for (;;) {
        const code = newTrackerCode();
        const [row] = await db
          .insert(trackers)
          .values({ accountId, code, ...values(input) })
          .onConflictDoNothing()
          .returning({ id: trackers.id, code: trackers.code });
        if (row) return { id: row.id, code: row.code, url: trackerUrl(origin, row.code) };
      }
    },
    /** The code never changes (a printed QR keeps working). */
    async update(accountId: number, id: number, input: TrackerValues, origin: string) {
      await find(accountId, id);
      await check(accountId, input);
      await db
        .update(trackers)
        .set({ ...values(input), updatedAt: new Date() })
        .where(and(eq(trackers.accountId, accountId), eq(trackers.id, id)));
      return this.get(accountId, id, origin);
    },
    async setActive(accountId: number, id: number, active: boolean, origin: string) {
      await find(accountId, id);
      await db
        .update(trackers)
        .set({ active, updatedAt: new Date() })
        .where(and(eq(trackers.accountId, accountId), eq(trackers.id, id)));
      return this.get(accountId, id, origin);
    },
    async remove(accountId: number, id: number) {
      await find(accountId, id);
      await db.delete(trackers).where(and(eq(trackers.accountId, accountId), eq(trackers.id, id)));
    },
  };
}
export type TrackersService = ReturnType<typeof createTrackersService>;
