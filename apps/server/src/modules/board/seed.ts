import { boardCards, boardColumns } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';

/** The demo salon's follow-up columns (issue 24): name, colour, limit, tied chat state. */
export const DEMO_BOARD_COLUMNS = [
  { name: '新規', colour: '#2f80ed', limit: null, chatState: 'unhandled' },
  { name: '予約待ち', colour: '#f2994a', limit: 5, chatState: 'in_progress' },
  { name: '来店済み', colour: '#06c755', limit: null, chatState: 'resolved' },
  { name: '要フォロー', colour: '#eb5757', limit: null, chatState: null },
] as const;

/**
 * The demo board: the four columns and a few of the salon's friends on it (two new, one
 * waiting for a booking with a due date, one who came, one to follow up).
 */
export async function seedDemoBoard(
  tx: Database,
  options: { accountId: number; memberIds: number[]; today: string },
) {
  const columns = await tx
    .insert(boardColumns)
    .values(
      DEMO_BOARD_COLUMNS.map((column, index) => ({
        accountId: options.accountId,
        ...column,
        order: index + 1,
      })),
    )
    .returning({ id: boardColumns.id });
  const [fresh, waiting, visited, follow] = columns.map((column) => column.id);
  const placed = [fresh, fresh, waiting, visited, follow];
  const cards = options.memberIds.slice(0, placed.length).map((memberId, index) => ({
    memberId,
    accountId: options.accountId,
    columnId: placed[index]!,
    dueDate: index === 2 || index === 4 ? options.today : null,
    movedAt: new Date(Date.now() - index * 3_600_000),
  }));
  if (cards.length > 0) await tx.insert(boardCards).values(cards);
}
