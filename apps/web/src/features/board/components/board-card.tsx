import type { BoardCard as Card, BoardColumn } from '@tsunagu/contracts';
import { useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { formatTokyoDateTime } from '@/lib/tokyo-time';
import { chatThreadPath } from '../paths';

export const CARD_DRAG_TYPE = 'application/x-tsunagu-board-card';

type Props = {
  card: Card;
  columns: readonly BoardColumn[];
  onMove: (card: Card, columnId: number) => void;
};

/**
 * A friend on the board: icon, name (opens the chat), last message, tags, assignee, due date.
 * Dragged between columns with the mouse; with the keyboard, Alt+←/→ moves it to the next
 * column, or the 移動 menu names every column (decision 0242).
 */
export function BoardCard({ card, columns, onMove }: Props) {
  const [menuOpen, setMenuOpen] = useState(false);
  const index = columns.findIndex((column) => column.id === card.column_id);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!event.altKey || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
    const next = columns[index + (event.key === 'ArrowRight' ? 1 : -1)];
    if (!next) return;
    event.preventDefault();
    onMove(card, next.id);
  };

  return (
    <li
      className="board-card"
      draggable
      aria-label={card.display_name}
      data-friend-id={card.friend_id}
      onDragStart={(event) => {
        event.dataTransfer.setData(CARD_DRAG_TYPE, String(card.friend_id));
        event.dataTransfer.effectAllowed = 'move';
      }}
      onKeyDown={onKeyDown}
    >
      <div className="board-card__head">
        {card.icon_url ? (
          <img className="board-card__icon" src={card.icon_url} alt="" width={32} height={32} />
        ) : (
          <span className="board-card__icon board-card__icon--none" aria-hidden="true" />
        )}
        <Link className="board-card__name" to={chatThreadPath(card.friend_id)}>
          {card.display_name}
        </Link>
      </div>
      {card.last_message_preview ? (
        <p className="board-card__preview">{card.last_message_preview}</p>
      ) : null}
      <p className="board-card__meta">
        {card.last_message_at
          ? `最終メッセージ ${formatTokyoDateTime(card.last_message_at)}`
          : 'メッセージなし'}
      </p>
      {card.tags.length > 0 ? (
        <ul className="board-card__tags" aria-label="タグ">
          {card.tags.map((tag) => (
            <li key={tag.id} className="board-card__tag">
              {tag.name}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="board-card__meta">
        担当: {card.assignee?.name ?? '未設定'}
        {card.due_date ? ` ・ 期日: ${card.due_date.replaceAll('-', '/')}` : ''}
      </p>
      <div className="board-card__actions">
        <button
          type="button"
          className="btn board-btn-small"
          aria-expanded={menuOpen}
          aria-label={`${card.display_name}を移動`}
          onClick={() => setMenuOpen((open) => !open)}
        >
          移動
        </button>
        {menuOpen ? (
          <ul className="board-card__menu" role="menu" aria-label="移動先の列">
            {columns.map((column) => (
              <li key={column.id} role="none">
                <button
                  type="button"
                  role="menuitem"
                  disabled={column.id === card.column_id}
                  onClick={() => {
                    setMenuOpen(false);
                    onMove(card, column.id);
                  }}
                >
                  {column.name}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}
