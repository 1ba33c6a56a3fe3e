import { TRACKER_TEXT, type TrackerLiffInput } from '@tsunagu/contracts';
import { eq, sql } from 'drizzle-orm';
import { secretsKeyOf, type Config } from '../../config.js';
import { trackerClicks, trackers } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { AppError, UnauthenticatedError } from '../../lib/errors.js';
import { createSecretBox } from '../../lib/secret-box.js';
import type { ActionDeps } from '../actions/index.js';
import { lineChannelReader } from '../line/index.js';
import { liffFriendship, verifyLiffIdToken } from '../member-booking/index.js';
import { isTrackerCode } from './codes.js';
import { createClickCache } from './click-cache.js';
import { answerKnownPerson, clickStillOpen, toAddPage, type FlowAnswer } from './known-person.js';
import { liffChannelId, liffUrl } from './liff-entry.js';
import { authorizeUrl, exchangeCode } from './login-client.js';

export type { FlowAnswer } from './known-person.js';
export { addFriendUrl } from './known-person.js';

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

const notFound: FlowAnswer = {
  kind: 'page',
  status: 404,
  title: 'ページが見つかりません',
  body: 'このURLは使われていません。',
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
   * `active`, so a stop counts at once); null when it is stopped or gone. The stage is `login`
   * when the person will be identified (LINE Login, or LIFF for a `liff` tracker of an account
   * with a LIFF id), else `add_page`; the tracker's entry comes back with the id (decision 0475).
   * Column by column so a new column is one more line.
   */
  async function recordClick(
    trackerId: number,
    ready: { login: boolean; liff: boolean },
    inLine: boolean,
    query: ClickQuery,
  ): Promise<{ id: number; entry: string } | null> {
    const columns: [string, unknown][] = [
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
      with t as (
        select ${trackers.accountId} as account_id, ${trackers.id} as id, ${trackers.entry} as entry
        from ${trackers} where ${trackers.id} = ${trackerId} and ${trackers.active}
      ), c as (
        insert into ${trackerClicks} (account_id, tracker_id, stage, ${sql.join(
          columns.map(([name]) => sql.identifier(name)),
          sql`, `,
        )})
        select t.account_id, t.id,
          case when (t.entry = 'liff' and ${ready.liff}) or ${ready.login}
            then 'login' else 'add_page' end,
          ${sql.join(
            columns.map(([, value]) => sql`${value}`),
            sql`, `,
          )}
        from t
        returning id
      )
      select c.id, t.entry from c, t`)) as unknown as { rows: { id: number; entry: string }[] };
    return result.rows[0] ?? null;
  }

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
    // The trackers' own LIFF app (decision 0476), never the booking page's.
    const liffId = channel?.trackerLiffId || null;
    // Without a Login channel (or LIFF) the person cannot be known: the add-friend page.
    const clicked = await recordClick(
      tracker.trackerId,
      { login: login !== null, liff: liffId !== null },
      IN_LINE.test(userAgent),
      query,
    );
    if (clicked === null) {
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
    const state = box.seal(String(clicked.id), STATE_CONTEXT);
    // LIFF (decision 0475): the click reference travels through LIFF's liff.state.
    if (clicked.entry === 'liff' && liffId)
      return { kind: 'redirect', location: liffUrl(liffId, state) };
    if (!login) return toAddPage(channel?.basicId);
    return {
      kind: 'redirect',
      location: authorizeUrl(config.LINE_LOGIN_BASE, {
        clientId: login,
        redirectUri: callbackUrl(requestOrigin),
        state,
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

  async function clickOf(state: string | undefined) {
    const clickId = clickIdOf(state);
    if (clickId === null) return undefined;
    const [row] = await db.select().from(trackerClicks).where(eq(trackerClicks.id, clickId));
    return row;
  }

  async function callback(
    query: { code?: string; state?: string; error?: string },
    requestOrigin: string,
  ): Promise<FlowAnswer> {
    const row = await clickOf(query.state);
    if (!row) return broken;
    const channel = await channelOf(row.accountId);
    const leave = () => toAddPage(channel?.basicId);
    if (query.error || !query.code) {
      await db
        .update(trackerClicks)
        .set({ stage: 'left_consent', updatedAt: new Date() })
        .where(clickStillOpen(row.id));
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
    return answerKnownPerson(db, deps.actionDeps, {
      click: row,
      basicId: channel.basicId,
      lineUserId: verified.lineUserId,
      friend: await liffFriendship(config.LINE_API_BASE, tokens.accessToken),
      now,
    });
  }

  /**
   * The LIFF endpoint page's post (decision 0475): the click reference and LIFF's tokens. The ID
   * token is checked against the LIFF app's LINE Login channel of the CLICK's account (another
   * account's reference with this token is refused), the friendship asked with the access token,
   * and the rest is the callback's.
   */
  async function liff(input: TrackerLiffInput): Promise<FlowAnswer> {
    const row = await clickOf(input.ref);
    if (!row) throw new AppError(400, TRACKER_TEXT.liffRefused);
    const channel = await channelOf(row.accountId);
    const channelId = channel?.trackerLiffId ? liffChannelId(channel.trackerLiffId) : null;
    if (!channelId) return toAddPage(channel?.basicId);
    const now = new Date();
    const verified = await verifyLiffIdToken(config.LINE_API_BASE, input.id_token, channelId, now);
    if (verified.kind === 'unreachable') throw new AppError(502, TRACKER_TEXT.liffUnreachable);
    if (verified.kind === 'refused') throw new UnauthenticatedError(TRACKER_TEXT.liffRefused);
    return answerKnownPerson(db, deps.actionDeps, {
      click: row,
      basicId: channel?.basicId,
      lineUserId: verified.lineUserId,
      friend: await liffFriendship(config.LINE_API_BASE, input.access_token),
      now,
    });
  }

  /** The trackers' LIFF id the endpoint page starts for a click reference; null for no such click. */
  async function liffIdOf(ref: string | undefined): Promise<string | null> {
    const row = await clickOf(ref);
    if (!row) return null;
    return (await channelOf(row.accountId))?.trackerLiffId || null;
  }

  return { click, callback, liff, liffIdOf, broken };
}
export type TrackerFlow = ReturnType<typeof createTrackerFlow>;
