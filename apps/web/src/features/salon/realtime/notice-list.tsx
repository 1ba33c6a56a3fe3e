import type { ShownNotice } from './notices';

type NoticeListProps = {
  notices: readonly ShownNotice[];
  onOpen: (reservationId: number) => void;
  onDismiss: (id: number) => void;
};

/** RT-13: each notice shows the member's icon and name, the text, and opens its reservation. */
export function NoticeList({ notices, onOpen, onDismiss }: NoticeListProps) {
  return (
    <section className="salon-notices" aria-label="予約のお知らせ" aria-live="polite">
      {notices.map((notice) => (
        <article key={notice.id} className="salon-notice" data-event-type={notice.eventType}>
          {notice.icon_url ? (
            <img className="salon-notice__icon" src={notice.icon_url} alt="" />
          ) : (
            <span className="salon-notice__icon salon-notice__icon--blank" aria-hidden="true">
              {notice.name.slice(0, 1) || '客'}
            </span>
          )}
          <div className="salon-notice__body">
            <p className="salon-notice__name">{notice.name || 'お客様'}</p>
            <p className="salon-notice__text">{notice.text}</p>
            <button
              type="button"
              className="salon-link-button"
              onClick={() => {
                onOpen(notice.reservation_id);
                onDismiss(notice.id);
              }}
            >
              予約を開く
            </button>
          </div>
          <button
            type="button"
            className="salon-notice__close"
            aria-label="お知らせを閉じる"
            onClick={() => onDismiss(notice.id)}
          >
            ×
          </button>
        </article>
      ))}
    </section>
  );
}
