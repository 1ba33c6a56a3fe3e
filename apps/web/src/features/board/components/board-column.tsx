import {
  BOARD_CARDS_PER_COLUMN,
  CHAT_STATE_LABELS,
  type BoardCard as Card,
  type BoardColumn as Column,
} from '@tsunagu/contracts';
import { useState } from 'react';
import { BoardCard, CARD_DRAG_TYPE } from './board-card';

type Props = {
  column: Column;
  columns: readonly Column[];
  cards: readonly Card[];
  onMove: (card: Card, columnId: number) => void;
  onDropFriend: (friendId: number, columnId: number) => void;
  onEdit: (column: Column) => void;
  onShift: (column: Column, by: -1 | 1) => void;
};

/** One column: its name, colour, count (and limit), its cards; a drop target for cards. */
export function BoardColumn({
  column,
  columns,
  cards,
  onMove,
  onDropFriend,
  onEdit,
  onShift,
}: Props) {
  const [over, setOver] = useState(false);
  const full = column.limit !== null && column.card_count >= column.limit;
  const first = column.order === 1;
  const last = column.order === columns.length;
  return (
    <section
      className={`board-column${over ? ' board-column--over' : ''}`}
      aria-label={column.name}
      style={{ borderTopColor: column.colour }}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes(CARD_DRAG_TYPE)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        setOver(false);
        const id = Number(event.dataTransfer.getData(CARD_DRAG_TYPE));
        if (id > 0) {
          event.preventDefault();
          onDropFriend(id, column.id);
        }
      }}
    >
      <header className="board-column__header">
        <h2 className="board-column__name">
          <span
            className="board-column__dot"
            style={{ background: column.colour }}
            aria-hidden="true"
          />
          {column.name}
        </h2>
        <span className={`board-column__count${full ? ' board-column__count--full' : ''}`}>
          {column.limit === null
            ? `${column.card_count}件`
            : `${column.card_count} / ${column.limit}件`}
        </span>
        {column.chat_state ? (
          <span className="board-column__state">{CHAT_STATE_LABELS[column.chat_state]}</span>
        ) : null}
        <div className="board-column__tools">
          <button
            type="button"
            className="btn board-btn-small"
            aria-label={`${column.name}を左へ`}
            disabled={first}
            onClick={() => onShift(column, -1)}
          >
            ←
          </button>
          <button
            type="button"
            className="btn board-btn-small"
            aria-label={`${column.name}を右へ`}
            disabled={last}
            onClick={() => onShift(column, 1)}
          >
            →
          </button>
          <button
            type="button"
            className="btn board-btn-small"
            aria-label={`${column.name}を編集`}
            onClick={() => onEdit(column)}
          >
            編集
          </button>
        </div>
      </header>
      <ul className="board-column__cards">
        {cards.map((card) => (
          <BoardCard key={card.friend_id} card={card} columns={columns} onMove={onMove} />
        ))}
      </ul>
      {cards.length === 0 ? <p className="board-column__empty">カードはありません</p> : null}
      {column.card_count > BOARD_CARDS_PER_COLUMN ? (
        <p className="board-column__more">
          最新の{BOARD_CARDS_PER_COLUMN}件を表示しています（全{column.card_count}件）
        </p>
      ) : null}
    </section>
  );
}
