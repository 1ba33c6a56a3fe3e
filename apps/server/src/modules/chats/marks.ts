import {
  CHAT_MARK_TEXT,
  CHAT_MARKS_MAX,
  type ChatMark,
  type ChatMarkInput,
} from '@tsunagu/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { chatMarks, chatThreads } from '../../db/schema/index.js';
import type { Database, Executor } from '../../db/types.js';
import { NotFoundError } from '../../lib/errors.js';
import { fieldError } from '../../lib/validate.js';
import { announceChat } from './events.js';
import { requireFriend } from './state.js';

/**
 * The shop's own chat marks (decision 0306): the account's list with the threads carrying each,
 * create / rename / recolour / delete (a deleted mark leaves its threads unmarked), and the mark
 * of one thread. Every read and write is scoped by the account.
 */
export async function listMarks(db: Executor, accountId: number): Promise<ChatMark[]> {
  return db
    .select({
      id: chatMarks.id,
      name: chatMarks.name,
      colour: chatMarks.colour,
      threads: sql<number>`(select count(*)::int from ${chatThreads} where ${chatThreads.markId} = ${chatMarks.id})`,
    })
    .from(chatMarks)
    .where(eq(chatMarks.accountId, accountId))
    .orderBy(asc(chatMarks.order), asc(chatMarks.id));
}

const isNameTaken = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

export async function createMark(db: Database, accountId: number, input: ChatMarkInput) {
  return db.transaction(async (tx) => {
    // One writer at a time per account: the count and the order are read, then written.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('chat_marks'), ${accountId})`);
    const [row] = await tx
      .select({
        count: sql<number>`count(*)::int`,
        order: sql<number>`coalesce(max(${chatMarks.order}), 0)::int`,
      })
      .from(chatMarks)
      .where(eq(chatMarks.accountId, accountId));
    if ((row?.count ?? 0) >= CHAT_MARKS_MAX) throw fieldError('name', CHAT_MARK_TEXT.tooMany);
    try {
      const [created] = await tx
        .insert(chatMarks)
        .values({ accountId, ...input, order: (row?.order ?? 0) + 1 })
        .returning({ id: chatMarks.id });
      return created!.id;
    } catch (error) {
      if (isNameTaken(error)) throw fieldError('name', CHAT_MARK_TEXT.nameTaken);
      throw error;
    }
  });
}

export async function updateMark(
  db: Executor,
  accountId: number,
  id: number,
  input: ChatMarkInput,
) {
  try {
    const [updated] = await db
      .update(chatMarks)
      .set(input)
      .where(and(eq(chatMarks.accountId, accountId), eq(chatMarks.id, id)))
      .returning({ id: chatMarks.id });
    if (!updated) throw new NotFoundError(CHAT_MARK_TEXT.notFound);
  } catch (error) {
    if (isNameTaken(error)) throw fieldError('name', CHAT_MARK_TEXT.nameTaken);
    throw error;
  }
}

export async function deleteMark(db: Executor, accountId: number, id: number) {
  const [deleted] = await db
    .delete(chatMarks)
    .where(and(eq(chatMarks.accountId, accountId), eq(chatMarks.id, id)))
    .returning({ id: chatMarks.id });
  if (!deleted) throw new NotFoundError(CHAT_MARK_TEXT.notFound);
}

/**
 * `PUT /api/line/chats/{friend_id}/mark`: the account's mark (a 422 naming `mark_id` for any
 * other) or null. A friend without a thread gets one; every open inbox hears of it.
 */
export async function setThreadMark(
  db: Database,
  accountId: number,
  friendId: number,
  markId: number | null,
) {
  await db.transaction(async (tx) => {
    await requireFriend(tx, accountId, friendId);
    if (markId !== null) {
      const [mark] = await tx
        .select({ id: chatMarks.id })
        .from(chatMarks)
        .where(and(eq(chatMarks.accountId, accountId), eq(chatMarks.id, markId)));
      if (!mark) throw fieldError('mark_id', CHAT_MARK_TEXT.notFound);
    }
    await tx
      .insert(chatThreads)
      .values({ accountId, memberId: friendId, markId })
      .onConflictDoUpdate({
        target: chatThreads.memberId,
        set: { markId, updatedAt: sql`now()` },
      });
    await announceChat(tx, accountId, { type: 'state', friendId });
  });
}
