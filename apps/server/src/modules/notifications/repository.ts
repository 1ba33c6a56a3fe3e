import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { messageTemplates, notifications } from '../../db/schema/index.js';
import { selectRows } from '../../db/raw.js';
import type { Executor } from '../../db/types.js';

export type NotificationRow = typeof notifications.$inferSelect;

export interface NotificationValues {
  title: string;
  templateId: number | null;
  kind: string;
  messages: Record<string, unknown>[];
  audience: Record<string, unknown>;
  sendAt: Date | null;
}

export async function insertNotification(
  db: Executor,
  accountId: number,
  values: NotificationValues,
) {
  const [row] = await db
    .insert(notifications)
    .values({ accountId, ...values })
    .returning({ id: notifications.id });
  return row!.id;
}

export async function findNotification(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.accountId, accountId), eq(notifications.id, id)));
  return row;
}

export const listNotifications = (db: Executor, accountId: number) =>
  db
    .select()
    .from(notifications)
    .where(eq(notifications.accountId, accountId))
    .orderBy(desc(notifications.id))
    .limit(200);

/**
 * Rewrites a draft or scheduled one only while it is still in `state` (a scheduled one stays
 * scheduled, decision 0224); false when it has changed meanwhile — above all when the scheduler
 * claimed it: its claim holds the row locked until its commit, after which this row is `sending`
 * and matches no more.
 */
export async function updateUnsent(
  db: Executor,
  accountId: number,
  id: number,
  state: 'draft' | 'scheduled',
  values: NotificationValues,
) {
  const rows = await db
    .update(notifications)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(
        eq(notifications.accountId, accountId),
        eq(notifications.id, id),
        eq(notifications.state, state),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function deleteDraft(db: Executor, accountId: number, id: number) {
  const rows = await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.accountId, accountId),
        eq(notifications.id, id),
        inArray(notifications.state, ['draft', 'scheduled']),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** One state change from `from` to `to`, only if still in `from` (two callers: one wins). */
export async function moveState(
  db: Executor,
  accountId: number,
  id: number,
  from: string[],
  to: string,
  extra: Partial<typeof notifications.$inferInsert> = {},
) {
  const rows = await db
    .update(notifications)
    .set({ state: to, updatedAt: sql`now()`, ...extra })
    .where(
      and(
        eq(notifications.accountId, accountId),
        eq(notifications.id, id),
        inArray(notifications.state, from),
      ),
    )
    .returning();
  return rows[0];
}

/**
 * Claims the next scheduled お知らせ due by `now` (any account): moved to sending in this
 * statement, the row locked with SKIP LOCKED so another process takes another row. The caller
 * queues its pushes in the same transaction: a crash before commit leaves it scheduled.
 */
export async function claimDue(db: Executor, now: Date): Promise<NotificationRow | undefined> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`update notifications set state = 'sending', updated_at = now()
      where id = (
        select id from notifications
        where state = 'scheduled' and send_at <= ${now.toISOString()}
        order by send_at, id
        limit 1
        for update skip locked
      )
      returning id`,
  );
  const id = rows[0]?.id;
  if (id === undefined) return undefined;
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return row;
}

export async function setQueued(
  db: Executor,
  id: number,
  values: { queuedAt: Date; path: string; friends: number },
) {
  await db.update(notifications).set(values).where(eq(notifications.id, id));
}

export async function templateOf(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select({
      name: messageTemplates.name,
      kind: messageTemplates.kind,
      messages: messageTemplates.messages,
    })
    .from(messageTemplates)
    .where(and(eq(messageTemplates.accountId, accountId), eq(messageTemplates.id, id)));
  return row;
}

/** The account's templates of these ids, by id (the list reads them in one query). */
export async function templatesOf(db: Executor, accountId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, { name: string; messages: unknown[] }>();
  const rows = await db
    .select({
      id: messageTemplates.id,
      name: messageTemplates.name,
      messages: messageTemplates.messages,
    })
    .from(messageTemplates)
    .where(and(eq(messageTemplates.accountId, accountId), inArray(messageTemplates.id, ids)));
  return new Map(rows.map((row) => [row.id, row as { name: string; messages: unknown[] }]));
}

export interface PushTally {
  notificationId: number;
  state: string;
  reason: string;
  friends: number;
}

/**
 * Friends per settled state and reason of these お知らせ (the caller's own ids), from the
 * counters the settlement trigger keeps (decision 0225): a few rows each, whatever the pushes.
 */
export async function pushTallies(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await selectRows<{
    notification_id: number;
    state: string;
    reason: string;
    friends: string;
  }>(
    db,
    sql`select notification_id, state, reason, sum(friends)::bigint as friends
      from notification_counts
      where notification_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      group by notification_id, state, reason
      having sum(friends) <> 0`,
  );
  return rows.map((row): PushTally => ({
    notificationId: Number(row.notification_id),
    state: row.state,
    reason: row.reason,
    friends: Number(row.friends),
  }));
}

/** LINE request ids of the お知らせ's sent multicasts (its statistics). */
export async function multicastRequestIds(db: Executor, accountId: number, id: number) {
  const rows = await selectRows<{ line_request_id: string }>(
    db,
    sql`select line_request_id from line_pushes
      where account_id = ${accountId} and notification_id = ${id}
        and member_ids is not null and state = 'sent' and line_request_id is not null
      order by id`,
  );
  return rows.map((row) => row.line_request_id);
}
