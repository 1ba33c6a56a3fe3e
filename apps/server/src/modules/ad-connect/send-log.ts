import type { AdPlatform, AdSendLogEntry } from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/raw.js';
import type { Database } from '../../db/types.js';
import { iso, rowOf } from './connection-view.js';

/** A connection's send log, newest first (200 rows): each request's status and answer. */
export async function sendLogOf(
  db: Database,
  accountId: number,
  platform: AdPlatform,
): Promise<AdSendLogEntry[]> {
  const row = await rowOf(db, accountId, platform);
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
}
