import type { BoardCard, BoardChatState, BoardColumn } from '@tsunagu/contracts';
import type { CardRow, ColumnRow } from './repository.js';

/** Rows of the board's tables as the API shows them. */
export const toColumn = (row: ColumnRow & { cardCount: number }): BoardColumn => ({
  id: row.id,
  name: row.name,
  colour: row.colour,
  order: row.order,
  limit: row.limit,
  chat_state: (row.chatState as BoardChatState | null) ?? null,
  card_count: row.cardCount,
});

export function toCard(row: CardRow, tags: { id: number; name: string }[]): BoardCard {
  return {
    friend_id: row.memberId,
    column_id: row.columnId,
    version: row.version,
    display_name: row.displayName,
    icon_url: row.iconUrl,
    last_message_at: (row.threadLastMessageAt ?? row.lastMessageAt)?.toISOString() ?? null,
    last_message_preview: row.preview || null,
    tags,
    assignee:
      row.assigneeId !== null && row.assigneeName !== null
        ? { id: row.assigneeId, name: row.assigneeName }
        : null,
    due_date: row.dueDate,
    moved_at: row.movedAt.toISOString(),
  };
}
