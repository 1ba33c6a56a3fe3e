import type { Action } from '@tsunagu/contracts';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { trackerArrivals, trackerClicks, trackers } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { runActions, type ActionDeps } from '../actions/index.js';
import { recordFriendEvent } from '../friend-events/index.js';

export type ArrivalKind = 'new_friend' | 'returning';

/** How long after a click a follow of the same person is still tied to it. */
export const FOLLOW_TIE_HOURS = 24;

/**
 * Ties a click's person, now a friend, to its tracker (decision 0333) and runs the tracker's
 * actions per its rule: `first_follow` once per new friend (`tracker:{id}:m{member}`), `always`
 * once per click (`tracker:{id}:c{click}`). The arrival is unique per click, so a retried login
 * or a redelivered follow ties and runs nothing twice. Answers whether this call tied it.
 */
export async function tieArrival(
  tx: Executor,
  deps: ActionDeps,
  input: { accountId: number; clickId: number; memberId: number; kind: ArrivalKind; now: Date },
): Promise<boolean> {
  const [click] = await tx
    .select({ trackerId: trackerClicks.trackerId })
    .from(trackerClicks)
    .where(and(eq(trackerClicks.accountId, input.accountId), eq(trackerClicks.id, input.clickId)));
  if (!click) return false;
  const inserted = await tx
    .insert(trackerArrivals)
    .values({
      accountId: input.accountId,
      trackerId: click.trackerId,
      memberId: input.memberId,
      clickId: input.clickId,
      kind: input.kind,
    })
    .onConflictDoNothing()
    .returning({ id: trackerArrivals.id });
  if (inserted.length === 0) return false;
  await tx
    .update(trackerClicks)
    .set({
      stage: input.kind === 'new_friend' ? 'friend' : 'already_friend',
      memberId: input.memberId,
      updatedAt: input.now,
    })
    .where(eq(trackerClicks.id, input.clickId));
  // The funnels' log (decision 0360): an arrival is a step a funnel or a cohort can name.
  await recordFriendEvent(tx, {
    memberId: input.memberId,
    kind: 'tracker_arrival',
    refId: click.trackerId,
    detail: input.kind,
    at: input.now,
  });
  const [tracker] = await tx.select().from(trackers).where(eq(trackers.id, click.trackerId));
  const actions = (tracker?.actions ?? []) as Action[];
  if (!tracker || actions.length === 0) return true;
  const cause =
    tracker.runMode === 'always'
      ? `tracker:${tracker.id}:c${input.clickId}`
      : input.kind === 'new_friend'
        ? `tracker:${tracker.id}:m${input.memberId}`
        : null;
  if (cause)
    await runActions(tx, deps, {
      accountId: input.accountId,
      memberId: input.memberId,
      cause,
      actions,
      now: input.now,
    });
  return true;
}

/** The latest click of this person sent to the add-friend page and not tied yet, if recent. */
export async function pendingClickOf(
  tx: Executor,
  accountId: number,
  lineUserId: string,
  now: Date,
): Promise<number | null> {
  const [row] = await tx
    .select({ id: trackerClicks.id })
    .from(trackerClicks)
    .where(
      and(
        eq(trackerClicks.accountId, accountId),
        eq(trackerClicks.lineUserId, lineUserId),
        inArray(trackerClicks.stage, ['add_page']),
        gt(trackerClicks.createdAt, new Date(now.getTime() - FOLLOW_TIE_HOURS * 3600_000)),
      ),
    )
    .orderBy(desc(trackerClicks.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Whether the general greeting (and the follow settings' actions) is left out for this
 * friend's follow (decision 0334): they arrived as a new friend through a tracker whose
 * `run_greeting` is off, within the last hour.
 */
export async function trackerSkipsGreeting(
  tx: Executor,
  accountId: number,
  memberId: number,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: trackerArrivals.id })
    .from(trackerArrivals)
    .innerJoin(trackers, eq(trackers.id, trackerArrivals.trackerId))
    .where(
      and(
        eq(trackerArrivals.accountId, accountId),
        eq(trackerArrivals.memberId, memberId),
        eq(trackerArrivals.kind, 'new_friend'),
        eq(trackers.runGreeting, false),
        gt(trackerArrivals.createdAt, sql`now() - interval '1 hour'`),
      ),
    )
    .limit(1);
  return row !== undefined;
}
