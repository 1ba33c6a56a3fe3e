import { BOARD_CARDS_PER_COLUMN } from '@tsunagu/contracts';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  boardCards,
  boardColumns,
  chatThreads,
  members,
  operators,
} from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

export type ColumnRow = typeof boardColumns.$inferSelect;

export async function listColumns(db: Executor, accountId: number) {
  const rows = await db
    .select({
      column: boardColumns,
      cardCount: sql<number>`(select count(*) from ${boardCards} where ${boardCards.columnId} = ${boardColumns.id})::int`,
    })
    .from(boardColumns)
    .where(eq(boardColumns.accountId, accountId))
    .orderBy(asc(boardColumns.order), asc(boardColumns.id));
  return rows.map((row) => ({ ...row.column, cardCount: row.cardCount }));
}

export async function findColumn(db: Executor, accountId: number, id: number, lock = false) {
  const query = db
    .select()
    .from(boardColumns)
    .where(and(eq(boardColumns.accountId, accountId), eq(boardColumns.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function columnByChatState(db: Executor, accountId: number, state: string) {
  const [row] = await db
    .select()
    .from(boardColumns)
    .where(and(eq(boardColumns.accountId, accountId), eq(boardColumns.chatState, state)));
  return row;
}

export async function countCards(db: Executor, columnId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(boardCards)
    .where(eq(boardCards.columnId, columnId));
  return row?.n ?? 0;
}

export async function countColumns(db: Executor, accountId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(boardColumns)
    .where(eq(boardColumns.accountId, accountId));
  return row?.n ?? 0;
}

/** The cards of the account: at most BOARD_CARDS_PER_COLUMN per column, newest move first. */
export async function listCards(db: Executor, accountId: number) {
  const ranked = db
    .select({
      memberId: boardCards.memberId,
      rank: sql<number>`row_number() over (partition by ${boardCards.columnId} order by ${boardCards.movedAt} desc, ${boardCards.memberId} desc)`.as(
        'rank',
      ),
    })
    .from(boardCards)
    .where(eq(boardCards.accountId, accountId))
    .as('ranked');
  return db
    .select(cardColumns)
    .from(boardCards)
    .innerJoin(ranked, eq(ranked.memberId, boardCards.memberId))
    .innerJoin(members, eq(members.id, boardCards.memberId))
    .leftJoin(chatThreads, eq(chatThreads.memberId, boardCards.memberId))
    .leftJoin(operators, eq(operators.id, chatThreads.assigneeId))
    .where(sql`${ranked.rank} <= ${BOARD_CARDS_PER_COLUMN}`)
    .orderBy(desc(boardCards.movedAt), desc(boardCards.memberId));
}

const cardColumns = {
  memberId: boardCards.memberId,
  columnId: boardCards.columnId,
  version: boardCards.version,
  assigneeId: chatThreads.assigneeId,
  assigneeName: operators.displayName,
  preview: chatThreads.lastMessagePreview,
  threadLastMessageAt: chatThreads.lastMessageAt,
  dueDate: boardCards.dueDate,
  movedAt: boardCards.movedAt,
  displayName: members.displayName,
  iconUrl: members.iconUrl,
  lastMessageAt: members.lastMessageAt,
};
export type CardRow = Awaited<ReturnType<typeof findCard>> & object;

export async function findCard(db: Executor, accountId: number, memberId: number) {
  const [row] = await db
    .select(cardColumns)
    .from(boardCards)
    .innerJoin(members, eq(members.id, boardCards.memberId))
    .leftJoin(chatThreads, eq(chatThreads.memberId, boardCards.memberId))
    .leftJoin(operators, eq(operators.id, chatThreads.assigneeId))
    .where(and(eq(boardCards.accountId, accountId), eq(boardCards.memberId, memberId)));
  return row;
}

export async function friendExists(db: Executor, accountId: number, memberId: number) {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.id, memberId)));
  return row !== undefined;
}

export async function operatorOf(db: Executor, accountId: number, operatorId: number) {
  const [row] = await db
    .select({ id: operators.id, name: operators.displayName })
    .from(operators)
    .where(and(eq(operators.accountId, accountId), eq(operators.id, operatorId)));
  return row;
}

export async function listOperators(db: Executor, accountId: number) {
  return db
    .select({ id: operators.id, name: operators.displayName })
    .from(operators)
    .where(eq(operators.accountId, accountId))
    .orderBy(asc(operators.id));
}
