import { TRACKER_TEXT } from '@tsunagu/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { members, trackerClicks } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import type { ActionDeps } from '../actions/index.js';
import { tieArrival } from './arrivals.js';

/** Where the person is sent next: a URL to redirect to, or one of our short pages. */
export type FlowAnswer =
  | { kind: 'redirect'; location: string }
  | { kind: 'page'; status: number; title: string; body: string; link?: string };

export const addFriendUrl = (basicId: string) =>
  `https://line.me/R/ti/p/${encodeURIComponent(basicId)}`;

/** The tracker is real but its account has no LINE channel yet: say so, not "not found". */
export const noChannel: FlowAnswer = {
  kind: 'page',
  status: 200,
  title: 'LINE公式アカウントの準備中です',
  body: 'お店のLINE公式アカウントがまだ連携されていません。お手数ですが、お店に直接お問い合わせください。',
};

export const toAddPage = (basicId: string | undefined): FlowAnswer =>
  basicId ? { kind: 'redirect', location: addFriendUrl(basicId) } : noChannel;

/** A click still waiting for its person (sent to LINE Login or LIFF, or left at consent). */
export const clickStillOpen = (clickId: number) =>
  and(eq(trackerClicks.id, clickId), inArray(trackerClicks.stage, ['login', 'left_consent']));

/**
 * The part shared by LINE Login's callback and the LIFF entry (decisions 0332, 0475): we know
 * the click's LINE user and whether LINE calls them a friend. A friend already followed: the
 * arrival is tied now (`new_friend` when the follow came after the click, else `returning`) and
 * the actions run per the tracker's rule; otherwise the click waits at `add_page` for the follow
 * webhook (arrivals are unique per click, so a retry ties and runs nothing twice).
 */
export async function answerKnownPerson(
  db: Database,
  actionDeps: ActionDeps,
  input: {
    click: { id: number; accountId: number; createdAt: Date };
    basicId: string | undefined;
    lineUserId: string;
    friend: boolean | null;
    now: Date;
  },
): Promise<FlowAnswer> {
  const { click, lineUserId, now } = input;
  return db.transaction(async (tx) => {
    await tx
      .update(trackerClicks)
      .set({ lineUserId, updatedAt: now })
      .where(eq(trackerClicks.id, click.id));
    const [member] = await tx
      .select({ id: members.id, followState: members.followState, followedAt: members.followedAt })
      .from(members)
      .where(and(eq(members.accountId, click.accountId), eq(members.lineUserId, lineUserId)));
    const isFriendPage: FlowAnswer = {
      kind: 'page',
      status: 200,
      title: TRACKER_TEXT.alreadyFriend,
      body: TRACKER_TEXT.alreadyFriendBody,
      ...(input.basicId ? { link: addFriendUrl(input.basicId) } : {}),
    };
    if (input.friend === true && member?.followState === 'following') {
      // Added on the consent screen (the follow came in after the click): a new friend.
      const kind =
        member.followedAt !== null && member.followedAt >= click.createdAt
          ? 'new_friend'
          : 'returning';
      await tieArrival(tx, actionDeps, {
        accountId: click.accountId,
        clickId: click.id,
        memberId: member.id,
        kind,
        now,
      });
      return isFriendPage;
    }
    // Not a friend yet, or the follow is not recorded yet: its webhook ties the friend.
    await tx
      .update(trackerClicks)
      .set({ stage: 'add_page', updatedAt: now })
      .where(clickStillOpen(click.id));
    return input.friend === true ? isFriendPage : toAddPage(input.basicId);
  });
}
