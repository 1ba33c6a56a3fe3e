import type { BookingPage } from '@tsunagu/contracts';
import { ShopTel } from './salon-header';

/** The exact question of a cancel by request (issue 26). */
export const CANCEL_REQUEST_QUESTION =
  'この予約のキャンセルをお店にリクエストします。よろしいですか？';
export const CANCEL_NOW_QUESTION = 'この予約をキャンセルします。よろしいですか？';

/** The question before a cancel: a request or at once, per the salon's setting (decision 0270). */
export function CancelPanel(props: {
  page: BookingPage;
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const request = props.page.cancel.accept_mode === 'request';
  return (
    <div className="bk-change" role="group" aria-label="キャンセルの確認">
      <p>{request ? CANCEL_REQUEST_QUESTION : CANCEL_NOW_QUESTION}</p>
      {request ? (
        <p className="bk-muted">お店が承認するまで、この予約はそのまま残ります。</p>
      ) : null}
      <div className="bk-actions">
        <button type="button" className="bk-btn" onClick={props.onBack}>
          戻る
        </button>
        <button
          type="button"
          className="bk-btn bk-btn--danger"
          disabled={props.busy}
          onClick={props.onConfirm}
        >
          {request ? 'キャンセルをリクエストする' : 'キャンセルする'}
        </button>
      </div>
    </div>
  );
}

/** After the deadline: the reason and how to reach the shop (its settings' phone, address, site). */
export function ShopContact(props: { page: BookingPage; reason: string }) {
  const shop = props.page.shop_info;
  const known = shop.tel || shop.address || shop.url;
  return (
    <div className="bk-contact" role="note" aria-label="お店への連絡">
      <p className="bk-muted">{props.reason}</p>
      {known ? <p>{shop.name || props.page.salon_name}</p> : null}
      {shop.tel ? (
        <p>
          電話: <ShopTel tel={shop.tel} />
        </p>
      ) : null}
      {shop.address ? <p>住所: {shop.address}</p> : null}
      {shop.url ? (
        <p>
          <a href={shop.url} rel="noopener noreferrer" target="_blank">
            お店のサイト
          </a>
        </p>
      ) : null}
    </div>
  );
}
