import type { AdConnection, AdMapping, AdPlatform, AdSend } from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/raw.js';
import type { Database } from '../../db/types.js';

export interface ConnectionRow {
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

export const iso = (value: string | Date | null) =>
  value === null ? null : new Date(value).toISOString();

export const rowOf = async (db: Database, accountId: number, platform: AdPlatform) =>
  (
    await selectRows<ConnectionRow>(
      db,
      sql`select id, platform, state, settings, secret, secret2, secret3, mappings, last_error,
        oauth_state from ad_connections where account_id = ${accountId} and platform = ${platform}`,
    )
  )[0];

async function sendsOf(db: Database, accountId: number, connectionId: number, limit: number) {
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

/** One platform's connection as the console shows it (never a secret), or 未接続. */
export async function viewConnection(
  db: Database,
  accountId: number,
  platform: AdPlatform,
): Promise<AdConnection> {
  const row = await rowOf(db, accountId, platform);
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
    last_sends: await sendsOf(db, accountId, row.id, 5),
  };
}
