import { friendListSchema, type BoardColumn } from '@tsunagu/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { apiRequest } from '@/lib/api-client';
import { errorText } from '@/lib/api-error';
import { Dialog } from '@/ui/dialog';

type Props = {
  columns: readonly BoardColumn[];
  onBoard: ReadonlySet<number>;
  busy: boolean;
  serverError: unknown;
  onAdd: (friendId: number, columnId: number) => void;
  onClose: () => void;
};

/** Puts a friend on the board: search by name, choose the column, 追加. */
export function AddCardDialog({ columns, onBoard, busy, serverError, onAdd, onClose }: Props) {
  const id = useId();
  const [q, setQ] = useState('');
  const [columnId, setColumnId] = useState(columns[0]?.id ?? 0);
  const friends = useQuery({
    queryKey: ['board', 'friend-search', q],
    queryFn: () =>
      apiRequest(`/api/line/friends?${new URLSearchParams(q ? { q } : {}).toString()}`, {
        schema: friendListSchema,
      }),
  });
  return (
    <Dialog open title="友だちをボードに追加" onClose={onClose}>
      {serverError ? (
        <p className="notice notice--error" role="alert">
          {errorText(serverError)}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={`${id}-column`}>追加する列</label>
        <select
          id={`${id}-column`}
          value={columnId}
          onChange={(event) => setColumnId(Number(event.target.value))}
        >
          {columns.map((column) => (
            <option key={column.id} value={column.id}>
              {column.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-q`}>友だちを検索</label>
        <input
          id={`${id}-q`}
          type="search"
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
      </div>
      {friends.isError ? (
        <p className="notice notice--error" role="alert">
          {errorText(friends.error)}
        </p>
      ) : null}
      <ul className="board-add__list">
        {(friends.data?.items ?? []).map((friend) => (
          <li key={friend.id} className="board-add__item">
            <span>{friend.display_name}</span>
            {onBoard.has(friend.id) ? (
              <span className="board-add__on">ボードにいます</span>
            ) : (
              <button
                type="button"
                className="btn board-btn-small"
                disabled={busy || columnId === 0}
                aria-label={`${friend.display_name}を追加`}
                onClick={() => onAdd(friend.id, columnId)}
              >
                追加
              </button>
            )}
          </li>
        ))}
      </ul>
      <div className="dialog__actions">
        <button type="button" className="btn" onClick={onClose}>
          閉じる
        </button>
      </div>
    </Dialog>
  );
}
