import { and, asc, eq, lt, or, sql } from 'drizzle-orm';
import { accounts, lineChannels, lineSendLeases } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

export type ChannelRow = typeof lineChannels.$inferSelect;
export type ChannelValues = Omit<
  typeof lineChannels.$inferInsert,
  'id' | 'accountId' | 'createdAt' | 'updatedAt' | 'stateChangedAt'
>;

/**
 * Bumped by every write of a channel row through this file: readers that keep a channel in
 * memory (the trackers' clicks, decision 0420) read it again when it moved.
 */
let channelWrites = 0;
export const channelWriteCount = () => channelWrites;

export async function findChannel(
  db: Executor,
  accountId: number,
): Promise<ChannelRow | undefined> {
  const [row] = await db.select().from(lineChannels).where(eq(lineChannels.accountId, accountId));
  return row;
}

/** The channel whose bot a webhook call names as its `destination` (identity: any account). */
export async function findChannelByBot(db: Executor, botUserId: string) {
  const [row] = await db.select().from(lineChannels).where(eq(lineChannels.botUserId, botUserId));
  return row;
}

/** Connects (or reconnects) the account's channel: one row per account, replaced whole. */
export async function upsertChannel(db: Executor, accountId: number, values: ChannelValues) {
  channelWrites += 1;
  const now = new Date();
  await db
    .insert(lineChannels)
    .values({ ...values, accountId, stateChangedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: lineChannels.accountId,
      set: { ...values, stateChangedAt: now, updatedAt: now },
    });
}

export async function updateChannel(
  db: Executor,
  accountId: number,
  values: Partial<ChannelValues>,
): Promise<void> {
  const changesState = values.state !== undefined;
  channelWrites += 1;
  await db
    .update(lineChannels)
    .set({
      ...values,
      updatedAt: new Date(),
      ...(changesState ? { stateChangedAt: new Date() } : {}),
    })
    .where(eq(lineChannels.accountId, accountId));
}

export async function deleteChannel(db: Executor, accountId: number): Promise<boolean> {
  channelWrites += 1;
  const rows = await db
    .delete(lineChannels)
    .where(eq(lineChannels.accountId, accountId))
    .returning({ id: lineChannels.id });
  return rows.length > 0;
}

/** The installation's first account (the one LINE_* settings of a single-shop install belong to). */
export async function firstAccountId(db: Executor): Promise<number | undefined> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .orderBy(asc(accounts.id))
    .limit(1);
  return row?.id;
}

// ---- sending leases (decision 0045): one dispatcher process per channel at a time

/**
 * Takes (or keeps) the account's sending lease for `seconds` unless another live holder has it.
 * True when `holder` holds it now. One statement: safe under concurrent processes.
 */
export async function acquireSendLease(
  db: Executor,
  accountId: number,
  holder: string,
  seconds: number,
): Promise<boolean> {
  const until = sql`now() + make_interval(secs => ${seconds})`;
  const rows = await db
    .insert(lineSendLeases)
    .values({ accountId, holder, expiresAt: until })
    .onConflictDoUpdate({
      target: lineSendLeases.accountId,
      set: { holder, expiresAt: until },
      setWhere: or(eq(lineSendLeases.holder, holder), lt(lineSendLeases.expiresAt, sql`now()`)),
    })
    .returning({ holder: lineSendLeases.holder });
  return rows[0]?.holder === holder;
}

/** Extends the leases `holder` still has among `accountIds`; answers those it kept. */
export async function renewSendLeases(
  db: Executor,
  holder: string,
  accountIds: number[],
  seconds: number,
): Promise<number[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .update(lineSendLeases)
    .set({ expiresAt: sql`now() + make_interval(secs => ${seconds})` })
    .where(
      and(
        eq(lineSendLeases.holder, holder),
        sql`${lineSendLeases.accountId} = any(${`{${accountIds.join(',')}}`}::int[])`,
      ),
    )
    .returning({ accountId: lineSendLeases.accountId });
  return rows.map((row) => row.accountId);
}

export async function releaseSendLeases(
  db: Executor,
  holder: string,
  accountIds: number[],
): Promise<void> {
  if (accountIds.length === 0) return;
  await db
    .delete(lineSendLeases)
    .where(
      and(
        eq(lineSendLeases.holder, holder),
        sql`${lineSendLeases.accountId} = any(${`{${accountIds.join(',')}}`}::int[])`,
      ),
    );
}

/** Notes what the LINE Login channel needs (decision 0182); a channel already noted stays so. */
export async function setLoginAttention(db: Executor, accountId: number, reason: string) {
  await db
    .update(lineChannels)
    .set({ loginAttention: reason, updatedAt: new Date() })
    .where(
      and(eq(lineChannels.accountId, accountId), sql`${lineChannels.loginAttention} <> ${reason}`),
    );
}

/** The channels stored without their bot (LINE was unreachable when they were adopted). */
export async function channelsWithoutBot(db: Executor) {
  return db
    .select({ accountId: lineChannels.accountId })
    .from(lineChannels)
    .where(sql`${lineChannels.botUserId} is null`);
}
