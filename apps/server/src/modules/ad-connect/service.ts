import {
  AD_PLATFORMS,
  AD_TEXT,
  type AdConnection,
  type AdGoogleInput,
  type AdLineInput,
  type AdMapping,
  type AdMetaInput,
  type AdPlatform,
} from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/types.js';
import { NotFoundError } from '../../lib/errors.js';
import { fieldError } from '../../lib/validate.js';
import { rowOf as connectionRow, viewConnection } from './connection-view.js';
import { createGoogleConsent } from './google-consent.js';
import type { AdSecrets } from './secrets.js';
import { sendLogOf } from './send-log.js';

export interface AdConnectDeps {
  db: Database;
  secrets: AdSecrets;
  googleOauthBase: string;
}

/** Ad connections of an account (issue 30, decisions 0440–0444). */
export function createAdConnectService(deps: AdConnectDeps) {
  const { db, secrets } = deps;

  const rowOf = (accountId: number, platform: AdPlatform) => connectionRow(db, accountId, platform);
  const view = (accountId: number, platform: AdPlatform) => viewConnection(db, accountId, platform);
  const consent = createGoogleConsent(deps);

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
    log: (accountId: number, platform: AdPlatform) => sendLogOf(db, accountId, platform),
    googleAuthorize: consent.googleAuthorize,
    googleCallback: consent.googleCallback,
  };
}

export type AdConnectService = ReturnType<typeof createAdConnectService>;
