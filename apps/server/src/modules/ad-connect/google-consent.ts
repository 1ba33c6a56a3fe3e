import { randomBytes } from 'node:crypto';
import { AD_TEXT } from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/types.js';
import { NotFoundError } from '../../lib/errors.js';
import { rowOf } from './connection-view.js';
import { googleAuthorizeUrl, googleToken } from './google-oauth.js';
import type { AdSecrets } from './secrets.js';

/** Google Ads' OAuth consent of a saved connection (decision 0444). */
export function createGoogleConsent(deps: {
  db: Database;
  secrets: AdSecrets;
  googleOauthBase: string;
}) {
  const { db, secrets } = deps;
  return {
    /** Google's consent page for the saved OAuth client, with a one-time state. */
    async googleAuthorize(accountId: number, redirectUri: string) {
      const row = await rowOf(db, accountId, 'google');
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
      const row = await rowOf(db, accountId, 'google');
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
