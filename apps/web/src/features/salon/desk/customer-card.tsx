import { VISIT_STATUSES, formatJapanesePhone } from '@tsunagu/contracts';
import { useCustomerCard, type CustomerKey } from '../api/desk';
import { formatDateJa } from '../utils/dates';

type CustomerCardProps = {
  salonId: number;
  customer: CustomerKey;
  onOpen: (reservationId: number) => void;
};

const visitLabel = (id: number) => VISIT_STATUSES.find((status) => status.id === id)?.name ?? '';

/** お客様カルテ (issue 26): contact, visits with dates, courses, staff, memos, no-shows. */
export function CustomerCardView({ salonId, customer, onOpen }: CustomerCardProps) {
  const card = useCustomerCard(salonId, customer);
  if (card.isPending) return <p className="loading">読み込み中...</p>;
  const [c] = card.data?.pages ?? [];
  if (!c) return <p className="text-muted">このお客様の予約は見つかりません。</p>;
  const visits = card.data?.pages.flatMap((page) => page.visits) ?? [];
  return (
    <div className="desk-card">
      <div className="desk-card__who">
        <p className="salon-detail__name">{c.name} 様</p>
        {c.kana ? <p className="text-muted">{c.kana}</p> : null}
      </div>
      <dl className="salon-detail__facts">
        <dt>電話番号</dt>
        <dd>
          {c.phone ? <a href={`tel:${c.phone}`}>{formatJapanesePhone(c.phone)}</a> : '未登録'}
        </dd>
        <dt>LINE</dt>
        <dd>
          {c.member ? `${c.member.display_name}（友だち ID ${c.member.id}）` : '友だちの紐付けなし'}
        </dd>
        <dt>来店</dt>
        <dd>{c.visit_count}回</dd>
        <dt>無断キャンセル</dt>
        <dd className={c.no_show_count > 0 ? 'desk-card__warn' : undefined}>{c.no_show_count}回</dd>
        <dt>キャンセル</dt>
        <dd>{c.cancel_count}回</dd>
      </dl>
      <h3 className="desk-card__heading">
        来店履歴 <span className="text-muted">{c.visits_total}件</span>
      </h3>
      <ul className="desk-list__items" aria-label="来店履歴">
        {visits.map((visit) => (
          <li key={visit.reservation_id} className="desk-item">
            <button
              type="button"
              className="desk-item__open"
              onClick={() => onOpen(visit.reservation_id)}
            >
              <strong>
                {formatDateJa(visit.date)} {visit.from}〜{visit.to}
              </strong>{' '}
              {visit.course_name || 'コースなし'}・{visit.staff_name || '担当なし'}
              <span className="text-muted">
                {' '}
                {visit.status < 0 ? visit.status_label : visitLabel(visit.visit_status)}
              </span>
            </button>
            {visit.memo ? <p className="desk-item__memo">メモ: {visit.memo}</p> : null}
          </li>
        ))}
      </ul>
      {card.hasNextPage ? (
        <button
          type="button"
          className="btn desk-card__more"
          disabled={card.isFetchingNextPage}
          onClick={() => void card.fetchNextPage()}
        >
          {card.isFetchingNextPage ? '読み込み中...' : 'もっと見る'}
        </button>
      ) : null}
    </div>
  );
}
