import { AD_PLATFORM_LABELS, type AdEventKind, type AdPlatform } from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/raw.js';
import type { Database } from '../../db/types.js';
import { retryDelayMs } from '../../lib/back-off.js';
import { createPollLoop } from '../../lib/poll-loop.js';
import { recordStaffNotice } from '../staff-notify/index.js';
import { enqueueConversions } from './enqueue.js';
import { googleToken } from './google-oauth.js';
import { outcomeOf, reasonOf, type Outcome } from './platform-answers.js';
import {
  platformRequest,
  type Bases,
  type ConversionPayload,
  type OpenConnection,
} from './platform-requests.js';
import type { AdSecrets } from './secrets.js';

/** Attempts of one conversion on 5xx / timeouts before it is `failed`. */
export const AD_MAX_ATTEMPTS = 8;
const LEASE_MS = 5 * 60_000;
const CLAIM_LIMIT = 50;

interface Claimed {
  id: number;
  account_id: number;
  connection_id: number;
  platform: AdPlatform;
  settings: Record<string, string>;
  secret: string;
  secret2: string;
  secret3: string;
  dedup_key: string;
  event_kind: AdEventKind;
  payload: ConversionPayload;
  attempts: number;
  line_channel_id: string | null;
}

export interface AdSenderDeps {
  db: Database;
  secrets: AdSecrets;
  bases: Bases & { googleOauth: string };
  pollMs: number;
  retryBaseMs: number;
  log: { error(o: unknown, m: string): void };
}

/**
 * The conversion queue (decisions 0441–0443), on the shared poll loop: queue new friend events,
 * then send each due conversion of a connected connection. 2xx: sent; 5xx, 408, 429 or no answer:
 * retried with the same dedup key after a back-off; another 4xx: 拒否 with the platform's reason,
 * never retried; 401/403: the connection turns エラー (its sends wait, paused) and the owner
 * hears of it by a console notice. Every request and answer goes to the send log.
 */
export function createAdSender(deps: AdSenderDeps) {
  const { db, secrets } = deps;

  async function claim(): Promise<Claimed[]> {
    return selectRows<Claimed>(
      db,
      sql`update ad_conversions v set next_at = now() + ${`${LEASE_MS} milliseconds`}::interval
        from (
          select v.id from ad_conversions v join ad_connections c on c.id = v.connection_id
          where v.state = 'pending' and v.next_at <= now() and c.state = 'connected'
          order by v.next_at, v.id limit ${CLAIM_LIMIT} for update of v skip locked
        ) due, ad_connections c
        where v.id = due.id and c.id = v.connection_id
        returning v.id, v.account_id, v.connection_id, c.platform, c.settings, c.secret,
          c.secret2, c.secret3, v.dedup_key, v.event_kind, v.payload, v.attempts,
          (select l.channel_id from line_channels l where l.account_id = v.account_id
            order by l.id limit 1) as line_channel_id`,
    );
  }

  async function openConnection(
    row: Claimed,
  ): Promise<OpenConnection | Exclude<Outcome, { kind: 'sent' }>> {
    const first = secrets.open('secret', row.secret);
    if (row.platform !== 'google') {
      if (!first) return { kind: 'unauthorized', reason: 'アクセストークンを読めません' };
      return {
        platform: row.platform,
        settings: row.settings,
        token: first,
        lineChannelId: row.line_channel_id,
      };
    }
    const refresh = secrets.open('secret3', row.secret3);
    const developerToken = secrets.open('secret2', row.secret2);
    if (!first || !refresh || !developerToken)
      return { kind: 'unauthorized', reason: 'Google の認証情報を読めません' };
    let answer;
    try {
      answer = await googleToken(deps.bases.googleOauth, {
        grant_type: 'refresh_token',
        refresh_token: refresh,
        client_id: row.settings.client_id ?? '',
        client_secret: first,
      });
    } catch (error) {
      return { kind: 'retry', reason: String(error) };
    }
    if (answer.status >= 500) return { kind: 'retry', reason: answer.text };
    if (!answer.accessToken) return { kind: 'unauthorized', reason: reasonOf(answer.text) };
    return {
      platform: 'google',
      settings: row.settings,
      token: answer.accessToken,
      developerToken,
    };
  }

  async function log(row: Claimed, status: number, answer: string) {
    await db.execute(sql`insert into ad_send_log (account_id, connection_id, conversion_id, status, answer)
      values (${row.account_id}, ${row.connection_id}, ${row.id}, ${status}, ${answer.slice(0, 2000)})`);
  }

  async function send(row: Claimed): Promise<Outcome> {
    const opened = await openConnection(row);
    if ('kind' in opened) {
      await log(row, 0, opened.reason);
      return opened;
    }
    const request = platformRequest(deps.bases, opened, row.dedup_key, row.payload, row.event_kind);
    let status = 0;
    let text = '';
    try {
      const response = await fetch(request.url, {
        method: 'POST',
        headers: request.headers,
        body: JSON.stringify(request.body),
        signal: AbortSignal.timeout(15_000),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await log(row, 0, reason);
      return { kind: 'retry', reason };
    }
    await log(row, status, text);
    return outcomeOf(row.platform, status, text);
  }

  async function settle(row: Claimed, outcome: Outcome) {
    if (outcome.kind === 'sent') {
      await db.execute(sql`update ad_conversions set state = 'sent', sent_at = now(),
        attempts = attempts + 1, answer = null where id = ${row.id}`);
      return;
    }
    if (outcome.kind === 'rejected') {
      await db.execute(sql`update ad_conversions set state = 'rejected', attempts = attempts + 1,
        answer = ${outcome.reason} where id = ${row.id}`);
      return;
    }
    if (outcome.kind === 'unauthorized') {
      await db.transaction(async (tx) => {
        // The send waits for the connection (no attempt spent): it goes when resumed.
        await tx.execute(sql`update ad_conversions set next_at = now(), answer = ${outcome.reason}
          where id = ${row.id}`);
        const changed = await selectRows<{ id: number }>(
          tx,
          sql`update ad_connections set state = 'error', last_error = ${outcome.reason},
            updated_at = now() where id = ${row.connection_id} and state = 'connected'
            returning id`,
        );
        if (changed.length === 0) return;
        await recordStaffNotice(tx, {
          accountId: row.account_id,
          key: `ad_connect:${row.connection_id}:${Date.now()}`,
          kind: 'ad_connect',
          text: `${AD_PLATFORM_LABELS[row.platform]}の広告連携がエラーになり、送信を停止しました（${outcome.reason.slice(0, 200)}）。設定を確認して再開してください。`,
          memberId: null,
          link: '/line/ad-connect',
        });
      });
      return;
    }
    const attempts = row.attempts + 1;
    if (attempts >= AD_MAX_ATTEMPTS) {
      await db.execute(sql`update ad_conversions set state = 'failed', attempts = ${attempts},
        answer = ${outcome.reason} where id = ${row.id}`);
      return;
    }
    const delay = retryDelayMs(
      { maxAttempts: AD_MAX_ATTEMPTS, retryBaseMs: deps.retryBaseMs },
      attempts,
      {},
    );
    await db.execute(sql`update ad_conversions set attempts = ${attempts}, answer = ${outcome.reason},
      next_at = now() + ${`${Math.round(delay)} milliseconds`}::interval where id = ${row.id}`);
  }

  /** One round: queue, then send what is due. Answers how many were sent or tried. */
  async function runOnce(): Promise<number> {
    await enqueueConversions(db);
    const claimed = await claim();
    const stopped = new Set<number>();
    for (const row of claimed) {
      if (stopped.has(row.connection_id)) {
        await db.execute(sql`update ad_conversions set next_at = now() where id = ${row.id}`);
        continue;
      }
      const outcome = await send(row);
      if (outcome.kind === 'unauthorized') stopped.add(row.connection_id);
      await settle(row, outcome);
    }
    return claimed.length;
  }

  const loop = createPollLoop({
    round: async () => (await runOnce()) >= CLAIM_LIMIT,
    pollMs: deps.pollMs,
    onError: (error) => deps.log.error({ err: error }, 'ad conversion sender failed'),
    waitFirst: true,
  });

  return { runOnce, start: () => loop.start(), stop: () => loop.stop() };
}

export type AdSender = ReturnType<typeof createAdSender>;
