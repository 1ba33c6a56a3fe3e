import type { AdMapping, AdPlatform } from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/raw.js';
import type { Database } from '../../db/types.js';
import type { ConversionPayload } from './platform-requests.js';

const BATCH = 500;

interface ConnectionCursor {
  id: number;
  account_id: number;
  platform: AdPlatform;
  mappings: AdMapping[];
  cursor: number;
}

interface EventRow {
  id: number;
  member_id: number;
  kind: string;
  occurred_at: string;
  line_user_id: string | null;
  ldtag_cl: string | null;
  fbclid: string | null;
  fbclid_at: string | null;
  gclid: string | null;
  gbraid: string | null;
  wbraid: string | null;
}

/** The stable key of one conversion: per connection × our event × friend (decision 0442). */
export const dedupKeyOf = (connectionId: number, event: string, memberId: number) =>
  `tsunagu-${connectionId}-${event}-${memberId}`;

/**
 * Reads the friend events log after each live connection's cursor (decision 0441) and queues a
 * conversion for every mapped event — once per friend (the dedup key is unique per connection) —
 * with the click ids the friend's latest tracker clicks kept. Google takes only clicks: a friend
 * without gclid / gbraid / wbraid is not queued there. Answers true when a batch was full.
 */
export async function enqueueConversions(db: Database): Promise<boolean> {
  const connections = await selectRows<ConnectionCursor>(
    db,
    sql`select id, account_id, platform, mappings, cursor from ad_connections
      where state = 'connected' and jsonb_array_length(mappings) > 0 order by id`,
  );
  let more = false;
  for (const connection of connections) {
    if ((await enqueueFor(db, connection)) >= BATCH) more = true;
  }
  return more;
}

async function enqueueFor(db: Database, connection: ConnectionCursor): Promise<number> {
  const kinds = connection.mappings.map((mapping) => mapping.event);
  const clickOf = (column: string) =>
    sql.raw(`(select c.${column} from tracker_clicks c
      where c.account_id = e.account_id and c.${column} is not null
        and (c.member_id = e.member_id or c.line_user_id = m.line_user_id)
      order by c.created_at desc limit 1)`);
  return db.transaction(async (tx) => {
    // One queuer per connection at a time (the API process and a worker may both run).
    const [locked] = await selectRows<{ cursor: number }>(
      tx,
      sql`select cursor from ad_connections where id = ${connection.id} and state = 'connected'
        for update skip locked`,
    );
    if (!locked) return 0;
    const events = await selectRows<EventRow>(
      tx,
      sql`select e.id, e.member_id, e.kind, e.occurred_at, m.line_user_id,
          ${clickOf('ldtag_cl')} as ldtag_cl, ${clickOf('fbclid')} as fbclid,
          (select c.created_at from tracker_clicks c
            where c.account_id = e.account_id and c.fbclid is not null
              and (c.member_id = e.member_id or c.line_user_id = m.line_user_id)
            order by c.created_at desc limit 1) as fbclid_at,
          ${clickOf('gclid')} as gclid, ${clickOf('gbraid')} as gbraid, ${clickOf('wbraid')} as wbraid
        from friend_events e join members m on m.id = e.member_id
        where e.account_id = ${connection.account_id} and e.id > ${locked.cursor}
        order by e.id limit ${BATCH}`,
    );
    if (events.length === 0) return 0;
    for (const event of events) {
      const mapping = connection.mappings.find((row) => row.event === event.kind);
      if (!mapping || !kinds.includes(mapping.event)) continue;
      if (connection.platform === 'google' && !event.gclid && !event.gbraid && !event.wbraid)
        continue;
      const payload: ConversionPayload = {
        name: mapping.name,
        value: mapping.value,
        occurredAt: new Date(event.occurred_at).toISOString(),
        lineUserId: event.line_user_id,
        ldtagCl: event.ldtag_cl,
        fbclid: event.fbclid,
        fbclidAt: event.fbclid_at ? new Date(event.fbclid_at).toISOString() : null,
        gclid: event.gclid,
        gbraid: event.gbraid,
        wbraid: event.wbraid,
      };
      await tx.execute(sql`insert into ad_conversions
          (account_id, connection_id, member_id, event_kind, friend_event_id, dedup_key, payload, occurred_at)
        values (${connection.account_id}, ${connection.id}, ${event.member_id}, ${event.kind},
          ${event.id}, ${dedupKeyOf(connection.id, event.kind, event.member_id)},
          ${JSON.stringify(payload)}::jsonb, ${payload.occurredAt})
        on conflict (connection_id, dedup_key) do nothing`);
    }
    await tx.execute(
      sql`update ad_connections set cursor = ${events.at(-1)!.id} where id = ${connection.id}`,
    );
    return events.length;
  });
}
