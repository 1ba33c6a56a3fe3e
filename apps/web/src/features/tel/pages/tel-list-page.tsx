import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '@/lib/api-error';
import { useTelOrders } from '../api/get-orders';
import { OrderTable } from '../components/order-table';
import { TelReadOnlyNotice } from '../components/read-only-notice';
import { TelPage } from '../components/tel-page';
import { takeTelFlash, type TelFlash } from '../flash';
import { telPaths } from '../paths';

/** TelListPage (TEL-01..19). Without `canSend` (DEC-09) the upload and register buttons are hidden. */
export function TelListPage({ title, canSend }: { title: string; canSend: boolean }) {
  const orders = useTelOrders();
  const [flash, setFlash] = useState<TelFlash | null>(null);

  // TEL-10/11: read once and removed. In an effect rather than a state initializer: under
  // StrictMode the effect's second run finds nothing and must not overwrite the first.
  useEffect(() => {
    const taken = takeTelFlash();
    if (taken.message || taken.recentOrderId !== null) setFlash(taken);
  }, []);

  const recentId = flash?.recentOrderId ?? null;
  const rows = useMemo(
    () => (orders.data ?? []).map((order) => ({ ...order, highlight: order.id === recentId })),
    [orders.data, recentId],
  );

  useEffect(() => {
    if (recentId === null || !orders.data) return;
    document.querySelector(`[data-order-id="${recentId}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [recentId, orders.data]);

  return (
    <TelPage title={title}>
      {flash?.message ? (
        <div className="notice tel-notice--success" role="status">
          {flash.message}
          {flash.detail ? `\n${flash.detail}` : null}
        </div>
      ) : null}
      {canSend ? null : <TelReadOnlyNotice />}
      <div className="tel-toolbar">
        <div className="tel-actions">
          {canSend ? (
            <>
              <Link className="btn btn--primary" to={telPaths.upload}>
                ファイルアップロード
              </Link>
              <Link className="btn" to={telPaths.register}>
                個別登録
              </Link>
            </>
          ) : null}
          <Link className="btn" to={telPaths.templates}>
            テンプレート設定
          </Link>
        </div>
      </div>
      {orders.isError ? (
        <p className="notice notice--error" role="alert">
          {isApiError(orders.error) ? orders.error.message : String(orders.error)}
        </p>
      ) : (
        <OrderTable orders={rows} loading={orders.isFetching} />
      )}
    </TelPage>
  );
}
