import { NARROWCAST_TEXT } from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/raw.js';
import type { Database } from '../../db/types.js';
import type { CredentialSource } from '../tel/index.js';
import type { NarrowcastProgress, PushMessageSender } from './sender.js';

/** The first progress read 5 s after LINE accepted, then doubling up to 5 minutes. */
const FIRST_POLL_MS = 5_000;
const LAST_POLL_MS = 5 * 60_000;
/** A process reading a progress holds the row this long (another process skips it). */
const HOLD_MS = 60_000;

interface DueNarrowcast {
  id: number;
  account_id: number;
  notification_id: number | null;
  line_request_id: string | null;
  polls: number;
}

/**
 * Reads accepted narrowcasts' progress (decision 0227) until LINE's phase is succeeded or
 * failed, and then writes the お知らせ's counts from LINE's: `successCount` sent, the rest failed
 * with LINE's reason (the counters' trigger counted nobody for a narrowcast row). A row without a
 * request id (dry-run) is taken as delivered to the friends it was queued for.
 */
export async function pollNarrowcasts(deps: {
  db: Database;
  sender: PushMessageSender;
  credentials: CredentialSource;
  now: Date;
  limit?: number;
}): Promise<number> {
  const { db, now } = deps;
  const due = await selectRows<DueNarrowcast>(
    db,
    sql`update line_pushes p set progress_check_at = ${new Date(now.getTime() + HOLD_MS).toISOString()}
      where p.id in (
        select id from line_pushes
        where narrowcast and state = 'sent' and progress_check_at <= ${now.toISOString()}
        order by progress_check_at, id
        limit ${deps.limit ?? 20}
        for update skip locked
      )
      returning p.id, p.account_id, p.notification_id, p.line_request_id,
        coalesce((p.progress->>'polls')::int, 0) as polls`,
  );
  await Promise.all(due.map((row) => pollOne(deps, row)));
  return due.length;
}

async function pollOne(
  deps: { db: Database; sender: PushMessageSender; credentials: CredentialSource; now: Date },
  row: DueNarrowcast,
) {
  const { db, now } = deps;
  let progress: NarrowcastProgress | null = { phase: 'succeeded' };
  if (row.line_request_id !== null) {
    const creds = await deps.credentials.forSending(row.account_id);
    progress =
      creds.kind === 'ready'
        ? await deps.sender.narrowcastProgress(row.line_request_id, creds.token)
        : null;
  }
  const polls = row.polls + 1;
  const recorded = JSON.stringify({ ...(progress ?? {}), polls });
  if (progress === null || progress.phase === 'waiting' || progress.phase === 'sending') {
    const wait = Math.min(LAST_POLL_MS, FIRST_POLL_MS * 2 ** row.polls);
    await db.execute(
      sql`update line_pushes set progress = ${recorded}::jsonb,
          progress_check_at = ${new Date(now.getTime() + wait).toISOString()}
        where id = ${row.id}`,
    );
    return;
  }
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`update line_pushes set progress = ${recorded}::jsonb, progress_check_at = null,
          reason = ${progress.phase === 'failed' ? failedReason(progress) : ''}
        where id = ${row.id}`,
    );
    if (row.notification_id !== null) await countOutcome(tx, row.notification_id, progress);
  });
}

const failedReason = (progress: NarrowcastProgress) =>
  NARROWCAST_TEXT.failed(progress.errorCode, progress.failedDescription);

/**
 * The お知らせ's counts from LINE's: sent = `successCount` (all it was queued for when LINE
 * gives none on success); failed = `failureCount`, or on a failed phase everyone targeted (or
 * queued for) not reached, with LINE's reason. Its `friends` become LINE's total, so nothing is
 * left pending.
 */
async function countOutcome(
  tx: Parameters<Parameters<Database['transaction']>[0]>[0],
  notificationId: number,
  progress: NarrowcastProgress,
) {
  const [found] = await selectRows<{ friends: number | null }>(
    tx,
    sql`select friends from notifications where id = ${notificationId} for update`,
  );
  const queuedFor = found?.friends ?? 0;
  const failedPhase = progress.phase === 'failed';
  const sent = progress.successCount ?? (failedPhase ? 0 : queuedFor);
  let failed = progress.failureCount ?? 0;
  if (failedPhase) failed = Math.max(failed, (progress.targetCount ?? queuedFor) - sent);
  if (failedPhase && sent + failed === 0) failed = Math.max(1, queuedFor);
  const reason = failedPhase ? failedReason(progress) : NARROWCAST_TEXT.notReached;
  const counts = [
    { state: 'sent', reason: '', friends: sent },
    { state: 'failed', reason, friends: failed },
  ].filter((count) => count.friends > 0);
  for (const count of counts)
    await tx.execute(
      sql`insert into notification_counts as c (notification_id, shard, state, reason, friends)
        values (${notificationId}, 0, ${count.state}, ${count.reason}, ${count.friends})
        on conflict (notification_id, shard, state, reason)
        do update set friends = c.friends + excluded.friends`,
    );
  await tx.execute(
    sql`update notifications set friends = ${sent + failed},
        reason = ${failedPhase ? reason : ''}
      where id = ${notificationId}`,
  );
}

/**
 * A narrowcast LINE never accepted (refused, or its attempts or key ran out): the お知らせ's
 * friends all count as failed with the push's reason, as a multicast's would.
 */
export async function countUnsentNarrowcast(db: Database, pushId: number, reason: string) {
  await db.execute(
    sql`insert into notification_counts as c (notification_id, shard, state, reason, friends)
      select n.id, 0, 'failed', ${reason}, greatest(coalesce(n.friends, 0), 1)
      from line_pushes p join notifications n on n.id = p.notification_id
      where p.id = ${pushId} and p.narrowcast and p.state in ('failed', 'unknown', 'skipped')
      on conflict (notification_id, shard, state, reason)
      do update set friends = c.friends + excluded.friends`,
  );
}
