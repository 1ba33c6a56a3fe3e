import type { Journey } from '@tsunagu/contracts';
import { Link } from 'react-router';
import { ListTable, type ListTableColumn } from '@/ui/list-table';
import { journeyPaths } from '../paths';
import { entryLabel } from './entry-label';

type Row = Journey & Record<string, unknown>;

type Props = {
  label: string;
  journeys: readonly Journey[];
  canWrite: boolean;
  selectedIds: readonly number[];
  onSelectionChange: (ids: number[]) => void;
  /** Drag to reorder (JRN-09 / JRN-10): every journey of the table in its new order. */
  onReorder: (ids: number[]) => void;
  onFavorite: (journey: Journey) => void;
  onCopy: (journey: Journey) => void;
  onDelete: (journey: Journey) => void;
};

/** One folder's (or the favourites') journeys in the kit's list table. */
export function JourneyTable(props: Props) {
  const { canWrite } = props;
  const columns: ListTableColumn<Row>[] = [
    {
      key: 'favorite',
      header: 'お気に入り',
      cell: (row) =>
        canWrite ? (
          <button
            type="button"
            className="btn btn--small journey-star"
            aria-pressed={row.favorite}
            aria-label={`「${row.name}」をお気に入りにする`}
            onClick={() => props.onFavorite(row)}
          >
            {row.favorite ? '★' : '☆'}
          </button>
        ) : row.favorite ? (
          <span aria-label="お気に入り">★</span>
        ) : null,
    },
    {
      key: 'name',
      header: 'ジャーニー名',
      cell: (row) => <Link to={journeyPaths.edit(row.id)}>{row.name}</Link>,
    },
    {
      key: 'is_active',
      header: '状態',
      cell: (row) => (
        <span className={`journey-state journey-state--${row.is_active ? 'on' : 'off'}`}>
          {row.is_active ? '稼働中' : '停止中'}
        </span>
      ),
    },
    { key: 'entry', header: '開始条件', cell: (row) => entryLabel(row.entry) },
    {
      key: 'running_count',
      header: '進行中／完了',
      align: 'end',
      cell: (row) => `${row.running_count}人／${row.finished_count}人`,
    },
    ...(canWrite
      ? [
          {
            key: 'tools',
            header: '操作',
            cell: (row: Row) => (
              <span className="journey-tools">
                <button
                  type="button"
                  className="btn btn--small"
                  aria-label={`「${row.name}」をコピー`}
                  onClick={() => props.onCopy(row)}
                >
                  コピー
                </button>
                <button
                  type="button"
                  className="btn btn--small btn--danger"
                  aria-label={`「${row.name}」を削除`}
                  onClick={() => props.onDelete(row)}
                >
                  削除
                </button>
              </span>
            ),
          },
        ]
      : []),
  ];
  return (
    <ListTable<Row>
      label={props.label}
      rows={props.journeys as Row[]}
      columns={columns}
      selectable={canWrite}
      selectedIds={props.selectedIds}
      onSelectionChange={(ids) => props.onSelectionChange(ids.map(Number))}
      draggable={canWrite && props.journeys.length > 1}
      onReorder={(rows) => props.onReorder(rows.map((row) => row.id))}
      rowLabel={(row) => row.name}
      emptyText="ジャーニーはありません"
    />
  );
}
