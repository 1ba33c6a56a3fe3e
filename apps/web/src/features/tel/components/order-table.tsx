import { telPercent, telUnsentCount, type TelOrder } from '@tsunagu/contracts';
import { Link } from 'react-router';
import { ListTable, type ListTableColumn } from '@/ui/list-table';
import { formatTokyoDateTime } from '@/lib/tokyo-time';
import { telPaths } from '../paths';
import { OrderStatusBadge } from './status-badge';

/** TEL-14: the client-only highlight flag, never sent to or expected from the server. */
export type TelOrderRow = TelOrder & { highlight: boolean };

/** TEL-08, DEC-04: `3 (30%)`; 0% when the order has no messages. */
function Count({ part, all }: { part: number; all: number }) {
  return (
    <>
      {part.toLocaleString('ja-JP')}
      <span className="tel-count__percent">({telPercent(part, all)}%)</span>
    </>
  );
}

/**
 * TEL-13: the list table has no per-row class, so the highlighted row carries a marker in its
 * first cell; tel.css colours the row around it (`tr:has(…)`), and the words are read aloud.
 */
function Created({ order }: { order: TelOrderRow }) {
  return (
    <>
      {formatTokyoDateTime(order.created_at)}
      {order.highlight ? (
        <span className="tel-row-mark" data-highlighted="true">
          今回登録
        </span>
      ) : null}
    </>
  );
}

const columns: readonly ListTableColumn<TelOrderRow>[] = [
  { key: 'created_at', header: '作成日時', cell: (order) => <Created order={order} /> },
  {
    key: 'status',
    header: 'ステータス',
    cell: (order) => <OrderStatusBadge status={order.status} />,
  },
  {
    key: 'description',
    header: 'メモ',
    cell: (order) => order.description || <span className="text-muted">-</span>,
  },
  {
    key: 'unsent',
    header: '未送信',
    align: 'end',
    cell: (order) => <Count part={telUnsentCount(order)} all={order.count_all} />,
  },
  {
    key: 'count_success',
    header: '成功',
    align: 'end',
    cell: (order) => <Count part={order.count_success} all={order.count_all} />,
  },
  {
    key: 'count_failed',
    header: '失敗',
    align: 'end',
    cell: (order) => <Count part={order.count_failed} all={order.count_all} />,
  },
  {
    key: 'details',
    header: '詳細',
    cell: (order) => (
      <Link className="btn" to={telPaths.detail(order.id)}>
        詳細
      </Link>
    ),
  },
];

/** TEL-06: created date, status, memo, unsent, success, failure, details. */
export function OrderTable({
  orders,
  loading,
}: {
  orders: readonly TelOrderRow[];
  loading: boolean;
}) {
  return (
    <ListTable
      label="発注一覧"
      rows={orders}
      columns={columns}
      loading={loading}
      rowLabel={(order) => `発注 ${order.id}`}
    />
  );
}
