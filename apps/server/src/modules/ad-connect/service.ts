import { randomBytes } from 'node:crypto';
import {
  AD_PLATFORMS,
  AD_TEXT,
  type AdConnection,
  type AdGoogleInput,
  type AdLineInput,
  type AdMapping,
  type AdMetaInput,
  type AdPlatform,
  type AdSend,
  type AdSendLogEntry,
} from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/raw.js';
import type { Database } from '../../db/types.js';
import { NotFoundError } from '../../lib/errors.js';
import { fieldError } from '../../lib/validate.js';
import { googleAuthorizeUrl, googleToken } from './google-oauth.js';
import type { AdSecrets } from './secrets.js';

interface ConnectionRow {
  id: number;
  platform: AdPlatform;
  state: 'pending' | 'connected' | 'error' | 'paused';
  settings: Record<string, string>;
  secret: string;
  secret2: string;
  secret3: string;
  mappings: AdMapping[];
  last_error: string | null;
  oauth_state: string | null;
}

const iso = (value: string | Date | null) =>
  value === null ? null : new Date(value).toISOString();

export interface AdConnectDeps {
  db: Database;
  secrets: AdSecrets;
  googleOauthBase: string;
}

/** Ad connections of an account (issue 30, decisions 0440–0444). */
export function createAdConnectService(deps: AdConnectDeps) {
  const { db, secrets } = deps;

  const rowOf = async (accountId: number, platform: AdPlatform) =>
    (
      await selectRows<ConnectionRow>(
        db,
        sql`select id, platform, state, settings, secret, secret2, secret3, mappings, last_error,
          oauth_state from ad_connections where account_id = ${accountId} and platform = ${platform}`,
      )
    )[0];

  async function sendsOf(accountId: number, connectionId: number, limit: number) {
    const rows = await selectRows<{
      id: number;
      member_id: number;
      event_kind: AdSend['event'];
      dedup_key: string;
      state: AdSend['state'];
      attempts: number;
      answer: string | null;
      occurred_at: string;
      sent_at: string | null;
    }>(
      db,
      sql`select id, member_id, event_kind, dedup_key, state, attempts, answer, occurred_at, sent_at
        from ad_conversions where account_id = ${accountId} and connection_id = ${connectionId}
        order by id desc limit ${limit}`,
    );
    return rows.map((row): AdSend => ({
      id: row.id,
      member_id: row.member_id,
      event: row.event_kind,
      dedup_key: row.dedup_key,
      state: row.state,
      attempts: row.attempts,
      answer: row.answer,
      occurred_at: iso(row.occurred_at)!,
      sent_at: iso(row.sent_at),
    }));
  }

  async function view(accountId: number, platform: AdPlatform): Promise<AdConnection> {
    const row = await rowOf(accountId, platform);
    if (!row)
      return {
        platform,
        state: 'none',
        settings: {},
        has_token: false,
        authorized: false,
        mappings: [],
        last_error: null,
        counts: { pending: 0, sent: 0, rejected: 0, failed: 0 },
        last_sends: [],
      };
    const counted = await selectRows<{ state: AdSend['state']; n: number }>(
      db,
      sql`select state, count(*)::int as n from ad_conversions
        where account_id = ${accountId} and connection_id = ${row.id} group by state`,
    );
    const counts = { pending: 0, sent: 0, rejected: 0, failed: 0 };
    for (const { state, n } of counted) counts[state] = n;
    return {
      platform,
      state: row.state,
      settings: row.settings,
      has_token: row.secret !== '',
      authorized: row.secret3 !== '',
      mappings: row.mappings,
      last_error: row.last_error,
      counts,
      last_sends: await sendsOf(accountId, row.id, 5),
    };
  }

  async function save(
    accountId: number,
    platform: AdPlatform,
    settings: Record<string, string>,
    sealed: { secret?: string | undefined; secret2?: string | undefined },
    mappings: AdMapping[],
    missing: { field: string; message: string } | null,
  ) {
    const existing = await rowOf(accountId, platform);
    const secret = sealed.secret ?? existing?.secret ?? '';
    if (!secret && missing) throw fieldError(missing.field, missing.message);
    const secret2 = sealed.secret2 ?? existing?.secret2 ?? '';
    // Google is usable once authorised; LINE and Meta once a token is kept. A save clears an
    // エラー (new credentials); a 停止 stays paused.
    const usable = platform === 'google' ? (existing?.secret3 ?? '') !== '' : true;
    const state = existing?.state === 'paused' ? 'paused' : usable ? 'connected' : 'pending';
    // A new connection starts at the log's end: history is not sent (decision 0441).
    await db.execute(sql`insert into ad_connections
        (account_id, platform, state, settings, secret, secret2, mappings, cursor)
      values (${accountId}, ${platform}, ${state}, ${JSON.stringify(settings)}::jsonb, ${secret},
        ${secret2}, ${JSON.stringify(mappings)}::jsonb,
        (select coalesce(max(id), 0) from friend_events where account_id = ${accountId}))
      on conflict (account_id, platform) do update set state = excluded.state,
        settings = excluded.settings, secret = excluded.secret, secret2 = excluded.secret2,
        mappings = excluded.mappings, last_error = null, updated_at = now()`);
    return view(accountId, platform);
  }

  return {
    async list(accountId: number): Promise<AdConnection[]> {
      return Promise.all(AD_PLATFORMS.map((platform) => view(accountId, platform)));
    },
    view,
    saveLine: (accountId: number, input: AdLineInput) =>
      save(
        accountId,
        'line',
        { tag_id: input.tag_id, test_mode: input.test_mode ? '1' : '' },
        { secret: input.access_token ? secrets.seal('secret', input.access_token) : undefined },
        input.mappings,
        { field: 'access_token', message: AD_TEXT.tokenRequired },
      ),
    saveMeta: (accountId: number, input: AdMetaInput) =>
      save(
        accountId,
        'meta',
        { dataset_id: input.dataset_id, test_event_code: input.test_event_code },
        { secret: input.access_token ? secrets.seal('secret', input.access_token) : undefined },
        input.mappings,
        { field: 'access_token', message: AD_TEXT.tokenRequired },
      ),
    async saveGoogle(accountId: number, input: AdGoogleInput) {
      const existing = await rowOf(accountId, 'google');
      if (!input.developer_token && !existing?.secret2)
        throw fieldError('developer_token', AD_TEXT.developerTokenRequired);
      return save(
        accountId,
        'google',
        {
          customer_id: input.customer_id,
          login_customer_id: input.login_customer_id,
          client_id: input.client_id,
        },
        {
          secret: input.client_secret ? secrets.seal('secret', input.client_secret) : undefined,
          secret2: input.developer_token
            ? secrets.seal('secret2', input.developer_token)
            : undefined,
        },
        input.mappings,
        { field: 'client_secret', message: AD_TEXT.clientSecretRequired },
      );
    },
    /** 停止 / 再開 (a resume also clears an エラー: the owner fixed it). */
    async setPaused(accountId: number, platform: AdPlatform, paused: boolean) {
      const row = await rowOf(accountId, platform);
      if (!row) throw new NotFoundError(AD_TEXT.notConnected);
      const next = paused
        ? 'paused'
        : platform === 'google' && row.secret3 === ''
          ? 'pending'
          : 'connected';
      await db.execute(sql`update ad_connections set state = ${next}, last_error = null,
        updated_at = now() where id = ${row.id}`);
      return view(accountId, platform);
    },
    async remove(accountId: number, platform: AdPlatform) {
      const row = await rowOf(accountId, platform);
      if (!row) throw new NotFoundError(AD_TEXT.notConnected);
      await db.execute(sql`delete from ad_connections where id = ${row.id}`);
    },
    async log(accountId: number, platform: AdPlatform): Promise<AdSendLogEntry[]> {
      const row = await rowOf(accountId, platform);
      if (!row) return [];
      const rows = await selectRows<{
        id: number;
        conversion_id: number | null;
        dedup_key: string | null;
        event_kind: AdSendLogEntry['event'];
        status: number;
        answer: string;
        at: string;
      }>(
        db,
        sql`select l.id, l.conversion_id, v.dedup_key, v.event_kind, l.status, l.answer, l.at
          from ad_send_log l left join ad_conversions v on v.id = l.conversion_id
          where l.account_id = ${accountId} and l.connection_id = ${row.id}
          order by l.id desc limit 200`,
      );
      return rows.map((entry) => ({
        id: entry.id,
        conversion_id: entry.conversion_id,
        dedup_key: entry.dedup_key,
        event: entry.event_kind,
        status: entry.status,
        answer: entry.answer,
        at: iso(entry.at)!,
      }));
    },
    /** Google's consent page for the saved OAuth client, with a one-time state. */
    async googleAuthorize(accountId: number, redirectUri: string) {
      const row = await rowOf(accountId, 'google');
      if (!row) throw new NotFoundError(AD_TEXT.notConnected);
      const state = `${row.id}.${randomBytes(24).toString('base64url')}`;
      await db.execute(sql`update ad_connections set oauth_state = ${state} where id = ${row.id}`);
      return googleAuthorizeUrl(deps.googleOauthBase, {
        clientId: row.settings.client_id ?? '',
        redirectUri,
        state,
      });
    },
    /** Google's redirect back: the code for a refresh token (sealed); true when connected. */
    async googleCallback(
      accountId: number,
      input: { code?: string | undefined; state?: string | undefined },
      redirectUri: string,
    ): Promise<boolean> {
      const row = await rowOf(accountId, 'google');
      if (!row || !input.code || !input.state || row.oauth_state !== input.state) return false;
      await db.execute(sql`update ad_connections set oauth_state = null where id = ${row.id}`);
      const clientSecret = secrets.open('secret', row.secret);
      if (!clientSecret) return false;
      const answer = await googleToken(deps.googleOauthBase, {
        grant_type: 'authorization_code',
        code: input.code,
        client_id: row.settings.client_id ?? '',
        client_secret: clientSecret,
        redirect_uri: redirectUri,
      }).catch(() => null);
      if (!answer?.refreshToken) return false;
      await db.execute(sql`update ad_connections set secret3 = ${secrets.seal('secret3', answer.refreshToken)},
        state = case when state = 'paused' then 'paused' else 'connected' end, last_error = null,
        updated_at = now() where id = ${row.id}`);
      return true;
    },
  };
}

export type AdConnectService = ReturnType<typeof createAdConnectService>;
