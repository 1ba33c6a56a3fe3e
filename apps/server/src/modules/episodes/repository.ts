import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  episodes,
  episodeSteps,
  messageTemplates,
  salonEpisodes,
  salons,
  tags,
} from '../../db/schema/index.js';
import { insertReturningId } from '../../db/rows.js';
import type { Executor } from '../../db/types.js';

/** Every query takes the account id: another account's episode or salon does not exist here. */

export type EpisodeRow = typeof episodes.$inferSelect;
export type EpisodeStepRow = typeof episodeSteps.$inferSelect;

export async function listEpisodes(db: Executor, accountId: number) {
  return db
    .select()
    .from(episodes)
    .where(and(eq(episodes.accountId, accountId), isNull(episodes.hidAt)))
    .orderBy(asc(episodes.id));
}

export async function findEpisode(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(episodes)
    .where(and(eq(episodes.accountId, accountId), eq(episodes.id, id)));
  return row;
}

export async function stepsOf(db: Executor, episodeIds: number[]) {
  if (episodeIds.length === 0) return [];
  return db
    .select()
    .from(episodeSteps)
    .where(inArray(episodeSteps.episodeId, episodeIds))
    .orderBy(asc(episodeSteps.episodeId), asc(episodeSteps.order));
}

export async function insertEpisode(
  db: Executor,
  accountId: number,
  values: { name: string; type: number },
) {
  return insertReturningId(db, episodes, { accountId, ...values });
}

export type StepValues = Omit<typeof episodeSteps.$inferInsert, 'id' | 'episodeId' | 'order'>;

export async function replaceSteps(db: Executor, episodeId: number, steps: StepValues[]) {
  await db.delete(episodeSteps).where(eq(episodeSteps.episodeId, episodeId));
  if (steps.length === 0) return;
  await db
    .insert(episodeSteps)
    .values(steps.map((step, index) => ({ ...step, episodeId, order: index + 1 })));
}

export async function hideEpisode(db: Executor, accountId: number, id: number, now: Date) {
  const rows = await db
    .update(episodes)
    .set({ hidAt: now })
    .where(and(eq(episodes.accountId, accountId), eq(episodes.id, id), isNull(episodes.hidAt)))
    .returning({ id: episodes.id });
  return rows.length > 0;
}

export async function ownTemplateIds(db: Executor, accountId: number, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: messageTemplates.id })
    .from(messageTemplates)
    .where(and(eq(messageTemplates.accountId, accountId), inArray(messageTemplates.id, ids)));
  return new Set(rows.map((row) => row.id));
}

export async function ownTagIds(db: Executor, accountId: number, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.accountId, accountId), inArray(tags.id, ids)));
  return new Set(rows.map((row) => row.id));
}

export async function salonOfAccount(db: Executor, accountId: number, salonId: number) {
  const [row] = await db
    .select({ id: salons.id })
    .from(salons)
    .where(and(eq(salons.accountId, accountId), eq(salons.id, salonId)));
  return row !== undefined;
}

export async function salonEpisodesOf(db: Executor, salonId: number) {
  const [row] = await db.select().from(salonEpisodes).where(eq(salonEpisodes.salonId, salonId));
  return row;
}

/** Sets the salon's episode or follow (null detaches); `since` is when it was attached. */
export async function setSalonEpisode(
  db: Executor,
  salonId: number,
  attr: 'episode_id' | 'follow_id',
  value: number | null,
  now: Date,
) {
  const set =
    attr === 'episode_id'
      ? { episodeId: value, episodeSince: value === null ? null : now }
      : { followId: value, followSince: value === null ? null : now };
  await db
    .insert(salonEpisodes)
    .values({ salonId, ...set })
    .onConflictDoUpdate({ target: salonEpisodes.salonId, set });
}
