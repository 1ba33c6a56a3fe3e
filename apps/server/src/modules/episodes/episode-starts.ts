import { addDaysToDateValue, EPISODE_TYPE, todayInTokyo } from '@tsunagu/contracts';
import { and, eq, gte, isNull } from 'drizzle-orm';
import { episodes, episodeStarts, episodeSteps, messageTemplates } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { tokyoInstant } from '../../lib/tokyo-time.js';

/** How far back the scheduler looks for starts (the longest step offset, decision 0383). */
const STARTS_LOOKBACK_MS = 400 * 24 * 60 * 60_000;

/** The push key of a started episode's step: once per step and start. */
export const startedStepKey = (stepId: number, startId: number) => `eps:${stepId}:s${startId}`;

/**
 * Starts an episode for one friend (the action 「エピソード開始」, decision 0383): once per key
 * (the action's cause). The account's own episode only (type 10, not deleted): another
 * account's or a follow is `target_missing`, a deleted one `inactive`.
 */
export async function startEpisode(
  tx: Executor,
  input: { accountId: number; episodeId: number; memberId: number; key: string; now: Date },
): Promise<'ran' | 'already' | 'target_missing' | 'inactive'> {
  const [episode] = await tx
    .select({ type: episodes.type, hidAt: episodes.hidAt })
    .from(episodes)
    .where(and(eq(episodes.accountId, input.accountId), eq(episodes.id, input.episodeId)));
  if (!episode || episode.type !== EPISODE_TYPE) return 'target_missing';
  if (episode.hidAt !== null) return 'inactive';
  const inserted = await tx
    .insert(episodeStarts)
    .values({
      accountId: input.accountId,
      episodeId: input.episodeId,
      memberId: input.memberId,
      key: input.key,
      startedAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ id: episodeStarts.id });
  return inserted.length > 0 ? 'ran' : 'already';
}

/** Whether an episode can be started by an action: the account's, an episode, not deleted. */
export async function isStartableEpisode(tx: Executor, accountId: number, episodeId: number) {
  const [episode] = await tx
    .select({ id: episodes.id })
    .from(episodes)
    .where(
      and(
        eq(episodes.accountId, accountId),
        eq(episodes.id, episodeId),
        eq(episodes.type, EPISODE_TYPE),
        isNull(episodes.hidAt),
      ),
    );
  return episode !== undefined;
}

export type StartedDue = {
  accountId: number;
  memberId: number;
  key: string;
  messages: unknown[];
  addTagIds: number[];
  removeTagIds: number[];
};

/**
 * The steps of started episodes due in [from, to] (never before their start): a `booked` step at
 * the start, a `visit` step on the start's Tokyo day + offset at its time (so a −1 day step is
 * before the start and never sent). Steps without a template are silent, as the salon's are.
 */
export async function startedStepsDue(db: Executor, from: Date, to: Date): Promise<StartedDue[]> {
  const rows = await db
    .select({
      startId: episodeStarts.id,
      accountId: episodeStarts.accountId,
      memberId: episodeStarts.memberId,
      startedAt: episodeStarts.startedAt,
      stepId: episodeSteps.id,
      anchor: episodeSteps.anchor,
      offsetDays: episodeSteps.offsetDays,
      atTime: episodeSteps.atTime,
      messages: messageTemplates.messages,
      addTagIds: episodeSteps.addTagIds,
      removeTagIds: episodeSteps.removeTagIds,
    })
    .from(episodeStarts)
    .innerJoin(episodes, and(eq(episodes.id, episodeStarts.episodeId), isNull(episodes.hidAt)))
    .innerJoin(episodeSteps, eq(episodeSteps.episodeId, episodes.id))
    .innerJoin(messageTemplates, eq(messageTemplates.id, episodeSteps.templateId))
    .where(gte(episodeStarts.startedAt, new Date(to.getTime() - STARTS_LOOKBACK_MS)));
  return rows.flatMap((row) => {
    const dueAt =
      row.anchor === 'booked'
        ? row.startedAt
        : row.anchor === 'visit' && row.atTime !== null
          ? tokyoInstant(
              addDaysToDateValue(todayInTokyo(row.startedAt), row.offsetDays),
              row.atTime,
            )
          : null;
    const earliest = from > row.startedAt ? from : row.startedAt;
    if (dueAt === null || dueAt < earliest || dueAt > to) return [];
    return [
      {
        accountId: row.accountId,
        memberId: row.memberId,
        key: startedStepKey(row.stepId, row.startId),
        messages: row.messages as unknown[],
        addTagIds: row.addTagIds,
        removeTagIds: row.removeTagIds,
      },
    ];
  });
}
