import type { BoardCard, BoardColumn as Column, BoardColumnInput } from '@tsunagu/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useAccountEvents } from '@/lib/account-events';
import { errorText } from '@/lib/api-error';
import { ConfirmDialog } from '@/ui/dialog';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { useToast } from '@/ui/toast';
import {
  boardKeys,
  useAddCard,
  useBoard,
  useCreateColumn,
  useDeleteColumn,
  useReorderColumns,
  useUpdateCard,
  useUpdateColumn,
} from '../api/board-api';
import { AddCardDialog } from '../components/add-card-dialog';
import { BoardColumn } from '../components/board-column';
import { ColumnDialog } from '../components/column-dialog';
import '../components/board.css';

type Editing = { column: Column | null } | null;

/**
 * BoardList (ROUTE-18, issue 24): the follow-up kanban. Cards move by drag, by Alt+←/→ or by
 * their 移動 menu, at once on screen and back with the reason when the server refuses; moves
 * by other staff arrive over the account's event stream. Columns are added, edited, ordered
 * and deleted here.
 */
export function BoardPage({ title }: { title: string }) {
  const board = useBoard();
  const queryClient = useQueryClient();
  const toast = useToast();
  const updateCard = useUpdateCard();
  const addCard = useAddCard();
  const createColumn = useCreateColumn();
  const updateColumn = useUpdateColumn();
  const deleteColumn = useDeleteColumn();
  const reorder = useReorderColumns();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Column | null>(null);
  const [adding, setAdding] = useState(false);
  const [status, setStatus] = useState('');

  const reload = () => void queryClient.invalidateQueries({ queryKey: boardKeys.board() });
  useAccountEvents('board', reload, reload);

  const columns = board.data?.columns ?? [];
  const cardsByColumn = useMemo(() => {
    const map = new Map<number, BoardCard[]>();
    for (const card of board.data?.cards ?? []) {
      const list = map.get(card.column_id) ?? [];
      list.push(card);
      map.set(card.column_id, list);
    }
    return map;
  }, [board.data]);

  const move = (card: BoardCard, columnId: number) => {
    if (card.column_id === columnId) return;
    const target = columns.find((column) => column.id === columnId);
    updateCard.mutate(
      { friendId: card.friend_id, input: { version: card.version, column_id: columnId } },
      {
        onSuccess: () => setStatus(`${card.display_name}を「${target?.name ?? ''}」へ移動しました`),
        onError: (error) => {
          const reason = errorText(error);
          setStatus(`${card.display_name}を移動できませんでした: ${reason}`);
          toast.error(reason);
        },
      },
    );
  };
  const dropFriend = (friendId: number, columnId: number) => {
    const card = board.data?.cards.find((c) => c.friend_id === friendId);
    if (card) move(card, columnId);
  };
  const shift = (column: Column, by: -1 | 1) => {
    const ids = columns.map((c) => c.id);
    const from = ids.indexOf(column.id);
    const to = from + by;
    if (to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    reorder.mutate(ids, { onError: (error) => toast.error(errorText(error)) });
  };
  const saving = editing?.column ? updateColumn : createColumn;
  const closeEditing = () => {
    setEditing(null);
    createColumn.reset();
    updateColumn.reset();
  };
  const saveColumn = (input: BoardColumnInput) => {
    const done = {
      onSuccess: () => {
        toast.success(editing?.column ? '列を保存しました' : '列を追加しました');
        closeEditing();
      },
    };
    if (editing?.column) updateColumn.mutate({ id: editing.column.id, input }, done);
    else createColumn.mutate(input, done);
  };

  const actions = (
    <>
      <button type="button" className="btn" onClick={() => setEditing({ column: null })}>
        列を追加
      </button>
      <button
        type="button"
        className="btn btn--primary"
        disabled={columns.length === 0}
        onClick={() => setAdding(true)}
      >
        友だちを追加
      </button>
    </>
  );

  return (
    <section className="page board-page">
      <PageHeader title={title} actions={actions} />
      <p className="board-page__hint">
        カードはドラッグ、またはカードを選んで Alt+←/→
        か「移動」で列を移せます。名前を押すとチャットを開きます。
      </p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      {board.isPending ? (
        <Loading />
      ) : board.isError ? (
        <p className="notice notice--error" role="alert">
          {errorText(board.error)}
        </p>
      ) : columns.length === 0 ? (
        <p className="board-page__empty">列がありません。「列を追加」から作成してください。</p>
      ) : (
        <div className="board" role="list" aria-label="ボードの列">
          {columns.map((column) => (
            <div role="listitem" key={column.id} className="board__slot">
              <BoardColumn
                column={column}
                columns={columns}
                cards={cardsByColumn.get(column.id) ?? []}
                onMove={move}
                onDropFriend={dropFriend}
                onEdit={(c) => setEditing({ column: c })}
                onShift={shift}
              />
            </div>
          ))}
        </div>
      )}
      {editing ? (
        <ColumnDialog
          column={editing.column}
          busy={saving.isPending}
          serverError={saving.error}
          onSave={saveColumn}
          onClose={closeEditing}
          {...(editing.column
            ? {
                onDelete: () => {
                  setDeleting(editing.column);
                  closeEditing();
                },
              }
            : {})}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="列を削除"
        message={`列「${deleting?.name ?? ''}」を削除します。列のカード${deleting?.card_count ?? 0}件はボードから外れます（友だちは残ります）。`}
        confirmLabel="削除する"
        busy={deleteColumn.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          deleteColumn.mutate(deleting.id, {
            onSuccess: () => toast.success('列を削除しました'),
            onError: (error) => toast.error(errorText(error)),
            onSettled: () => setDeleting(null),
          })
        }
      />
      {adding ? (
        <AddCardDialog
          columns={columns}
          onBoard={new Set(board.data?.cards.map((card) => card.friend_id))}
          busy={addCard.isPending}
          serverError={addCard.error}
          onAdd={(friendId, columnId) =>
            addCard.mutate(
              { friend_id: friendId, column_id: columnId },
              { onSuccess: (card) => toast.success(`${card.display_name}を追加しました`) },
            )
          }
          onClose={() => {
            setAdding(false);
            addCard.reset();
          }}
        />
      ) : null}
    </section>
  );
}
