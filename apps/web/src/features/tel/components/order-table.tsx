import { telPercent, telUnsentCount, type TelOrder } from '@tsunagu/contracts';
import { Link } from 'react-router';
import { formatTokyoDateTime } from '../format';
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

/** TEL-06: created date, status, memo, unsent, success, failure, details. */
export function OrderTable({ orders }: { orders: readonly TelOrderRow[] }) {
  return (
    <table className="table" aria-label="発注一覧">
      <thead>
        <tr>
          <th scope="col">作成日時</th>
          <th scope="col">ステータス</th>
          <th scope="col">メモ</th>
          <th scope="col" className="table__number">
            未送信
          </th>
          <th scope="col" className="table__number">
            成功
          </th>
          <th scope="col" className="table__number">
            失敗
          </th>
          <th scope="col">
            <span className="visually-hidden">詳細</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.length === 0 ? (
          <tr>
            <td colSpan={7} className="table__empty">
              表示するデータがありません
            </td>
          </tr>
        ) : (
          orders.map((order) => (
            <tr
              key={order.id}
              className={order.highlight ? 'tel-row--highlight' : undefined}
              data-highlighted={order.highlight ? 'true' : undefined}
              data-order-id={order.id}
            >
              <td className="tel-nowrap">{formatTokyoDateTime(order.created_at)}</td>
              <td>
                <OrderStatusBadge status={order.status} />
              </td>
              <td>{order.description || <span className="text-muted">-</span>}</td>
              <td className="table__number">
                <Count part={telUnsentCount(order)} all={order.count_all} />
              </td>
              <td className="table__number">
                <Count part={order.count_success} all={order.count_all} />
              </td>
              <td className="table__number">
                <Count part={order.count_failed} all={order.count_all} />
              </td>
              <td>
                <Link className="btn" to={telPaths.detail(order.id)}>
                  詳細
                </Link>
              </td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
