import { TRACKER_TEXT } from '@tsunagu/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { secretsKeyOf, type Config } from '../../config.js';
import { members, trackerClicks, trackers } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { createSecretBox } from '../../lib/secret-box.js';
import type { ActionDeps } from '../actions/index.js';
import { lineChannelReader } from '../line/index.js';
import { liffFriendship, verifyLiffIdToken } from '../member-booking/index.js';
import { tieArrival } from './arrivals.js';
import { isTrackerCode } from './codes.js';
import { createClickCache } from './click-cache.js';
import { authorizeUrl, exchangeCode } from './login-client.js';

/** Where the person is sent next: a URL to redirect to, or one of our short pages. */
export type FlowAnswer =
  | { kind: 'redirect'; location: string }
  | { kind: 'page'; status: number; title: string; body: string; link?: string };

export type ClickQuery = Partial<
  Record<
    | 'utm_source'
    | 'utm_medium'
    | 'utm_campaign'
    | 'utm_term'
    | 'utm_content'
    | 'gclid'
    | 'gbraid'
    | 'wbraid'
    | 'fbclid'
    | 'ldtag_cl',
    string
  >
>;

const STATE_CONTEXT = 'tracker_clicks.state';
/** LINE's in-app browser names itself in the user agent (`… Line/14.x.x`). */
const IN_LINE = /\bLine\/\d/i;
export const addFriendUrl = (basicId: string) =>
  `https://line.me/R/ti/p/${encodeURIComponent(basicId)}`;

const notFound: FlowAnswer = {
  kind: 'page',
  status: 404,
  title: 'ページが見つかりません',
  body: 'このURLは使われていません。',
};
/** The tracker is real but its account has no LINE channel yet: say so, not "not found". */
const noChannel: FlowAnswer = {
  kind: 'page',
  status: 200,
  title: 'LINE公式アカウントの準備中です',
  body: 'お店のLINE公式アカウントがまだ連携されていません。お手数ですが、お店に直接お問い合わせください。',
};
const broken: FlowAnswer = {
  kind: 'page',
  status: 400,
  title: 'もう一度お試しください',
  body: 'LINEログインの情報を確認できませんでした。QRコードかURLからもう一度開いてください。',
};

/**
 * The public side of trackers (decision 0332): `/t/{code}` records the click and sends the
 * person to LINE Login (state: the click's id, sealed); `/t/callback` exchanges the code,
 * learns who they are and whether they are a friend, and sends them to the add-friend page or
 * says they are a friend already (an existing friend's arrival runs the actions per the rule).
 */
export function createTrackerFlow(deps: {
  db: Database;
  config: Config;
  actionDeps: ActionDeps;
  origin: (requestOrigin: string) => string;
}) {
  const { db, config } = deps;
  const box = createSecretBox(secretsKeyOf(config));
  const callbackUrl = (requestOrigin: string) => `${deps.origin(requestOrigin)}/t/callback`;

  const cache = createClickCache<Awaited<ReturnType<typeof lineChannelReader.trackerLogin>>>(
    lineChannelReader.writeCount,
  );
  /** The account's channel for a click: kept a few seconds (decision 0420). */
  const cachedChannelOf = (accountId: number) =>
    cache.channel(accountId, () => lineChannelReader.trackerLogin(db, config, accountId));
  async function channelOf(accountId: number) {
    return lineChannelReader.trackerLogin(db, config, accountId);
  }

  /** The tracker a code names (its account never changes), from memory after the first click. */
  async function trackerOf(code: string) {
    const kept = cache.tracker(code);
    if (kept) return kept;
    const [row] = await db
      .select({ trackerId: trackers.id, accountId: trackers.accountId })
      .from(trackers)
      .where(eq(trackers.code, code));
    if (row) cache.rememberTracker(code, row);
    return row;
  }

  /**
   * The click's one round trip: inserted only while the tracker is on (the insert reads
   * `active`, so a stop counts at once); null when it is stopped or gone. Column by column
   * so a new column is one more line.
   */
  async function recordClick(
    trackerId: number,
    stage: 'login' | 'add_page',
    inLine: boolean,
    query: ClickQuery,
  ): Promise<number | null> {
    const columns: [string, unknown][] = [
      ['stage', stage],
      ['in_line', inLine],
      ['utm_source', query.utm_source ?? null],
      ['utm_medium', query.utm_medium ?? null],
      ['utm_campaign', query.utm_campaign ?? null],
      ['utm_term', query.utm_term ?? null],
      ['utm_content', query.utm_content ?? null],
      ['gclid', query.gclid ?? null],
      ['gbraid', query.gbraid ?? null],
      ['wbraid', query.wbraid ?? null],
      ['fbclid', query.fbclid ?? null],
      ['ldtag_cl', query.ldtag_cl ?? null],
    ];
    const result = (await db.execute(sql`
      insert into ${trackerClicks} (account_id, tracker_id, ${sql.join(
        columns.map(([name]) => sql.identifier(name)),
        sql`, `,
      )})
      select ${trackers.accountId}, ${trackers.id}, ${sql.join(
        columns.map(([, value]) => sql`${value}`),
        sql`, `,
      )}
      from ${trackers} where ${trackers.id} = ${trackerId} and ${trackers.active}
      returning id`)) as unknown as { rows: { id: number }[] };
    return result.rows[0]?.id ?? null;
  }
  const toAddPage = (basicId: string | undefined): FlowAnswer =>
    basicId ? { kind: 'redirect', location: addFriendUrl(basicId) } : noChannel;

  async function click(
    code: string,
    query: ClickQuery,
    userAgent: string,
    requestOrigin: string,
  ): Promise<FlowAnswer> {
    if (!isTrackerCode(code)) return notFound;
    const tracker = await trackerOf(code);
    if (!tracker) return notFound;
    const channel = await cachedChannelOf(tracker.accountId);
    const login =
      channel?.loginChannelId && channel.loginChannelSecret ? channel.loginChannelId : null;
    // Without a Login channel the person cannot be known: straight to the add-friend page.
    const clickId = await recordClick(
      tracker.trackerId,
      login ? 'login' : 'add_page',
      IN_LINE.test(userAgent),
      query,
    );
    if (clickId === null) {
      // Stopped (the printed QR still adds friends; nothing is recorded) or deleted.
      const [still] = await db
        .select({ id: trackers.id })
        .from(trackers)
        .where(eq(trackers.id, tracker.trackerId));
      if (!still) {
        cache.forgetTracker(code);
        return notFound;
      }
      return toAddPage(channel?.basicId);
    }
    if (!login) return toAddPage(channel?.basicId);
    return {
      kind: 'redirect',
      location: authorizeUrl(config.LINE_LOGIN_BASE, {
        clientId: login,
        redirectUri: callbackUrl(requestOrigin),
        state: box.seal(String(clickId), STATE_CONTEXT),
      }),
    };
  }

  function clickIdOf(state: string | undefined): number | null {
    if (!state) return null;
    try {
      const id = Number(box.open(state, STATE_CONTEXT));
      return Number.isSafeInteger(id) && id > 0 ? id : null;
    } catch {
      // Altered, of another key or not ours at all: no click.
      return null;
    }
  }

  async function callback(
    query: { code?: string; state?: string; error?: string },
    requestOrigin: string,
  ): Promise<FlowAnswer> {
    const clickId = clickIdOf(query.state);
    if (clickId === null) return broken;
    const [row] = await db.select().from(trackerClicks).where(eq(trackerClicks.id, clickId));
    if (!row) return broken;
    const channel = await channelOf(row.accountId);
    const leave = () => toAddPage(channel?.basicId);
    const stillOpen = and(
      eq(trackerClicks.id, clickId),
      inArray(trackerClicks.stage, ['login', 'left_consent']),
    );
    if (query.error || !query.code) {
      await db
        .update(trackerClicks)
        .set({ stage: 'left_consent', updatedAt: new Date() })
        .where(stillOpen);
      return leave();
    }
    if (!channel?.loginChannelId || !channel.loginChannelSecret) return leave();
    const tokens = await exchangeCode(config.LINE_API_BASE, {
      code: query.code,
      redirectUri: callbackUrl(requestOrigin),
      clientId: channel.loginChannelId,
      clientSecret: channel.loginChannelSecret,
    });
    if (!tokens) return leave();
    const now = new Date();
    const verified = await verifyLiffIdToken(
      config.LINE_API_BASE,
      tokens.idToken,
      channel.loginChannelId,
      now,
    );
    if (verified.kind !== 'ok') return leave();
    const friend = await liffFriendship(config.LINE_API_BASE, tokens.accessToken);
    const lineUserId = verified.lineUserId;

    return db.transaction(async (tx) => {
      await tx
        .update(trackerClicks)
        .set({ lineUserId, updatedAt: now })
        .where(eq(trackerClicks.id, clickId));
      const [member] = await tx
        .select({
          id: members.id,
          followState: members.followState,
          followedAt: members.followedAt,
        })
        .from(members)
        .where(and(eq(members.accountId, row.accountId), eq(members.lineUserId, lineUserId)));
      const isFriendPage: FlowAnswer = {
        kind: 'page',
        status: 200,
        title: TRACKER_TEXT.alreadyFriend,
        body: TRACKER_TEXT.alreadyFriendBody,
        ...(channel.basicId ? { link: addFriendUrl(channel.basicId) } : {}),
      };
      if (friend === true && member?.followState === 'following') {
        // Added on the consent screen (the follow came in after the click): a new friend.
        const kind =
          member.followedAt !== null && member.followedAt >= row.createdAt
            ? 'new_friend'
            : 'returning';
        await tieArrival(tx, deps.actionDeps, {
          accountId: row.accountId,
          clickId,
          memberId: member.id,
          kind,
          now,
        });
        return isFriendPage;
      }
      // Not a friend yet, or the follow is not recorded yet: its webhook ties the friend.
      await tx.update(trackerClicks).set({ stage: 'add_page', updatedAt: now }).where(stillOpen);
      return friend === true ? isFriendPage : leave();
    });
  }

  return { click, callback };
}
export type TrackerFlow = ReturnType<typeof createTrackerFlow>;
