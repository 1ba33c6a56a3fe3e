import { useReservationSearch } from '../api/desk';
import { customerName } from '../timeline/reservation-item';
import { formatDateJa } from '../utils/dates';
import { formatJapanesePhone as formatPhone } from '@tsunagu/contracts';

type SearchResultsProps = {
  salonId: number;
  query: string;
  onOpen: (reservationId: number) => void;
};

/** Bookings found by name, kana or phone (newest first, 50 at most). */
export function SearchResults({ salonId, query, onOpen }: SearchResultsProps) {
  const search = useReservationSearch(salonId, query);
  if (search.isPending) return <p className="loading">検索中...</p>;
  const found = search.data ?? [];
  if (found.length === 0)
    return <p className="text-muted">「{query}」に当てはまる予約はありません。</p>;
  return (
    <div className="desk-list">
      <p className="text-muted">
        「{query}」: {found.length}件{found.length >= 50 ? '（新しい順に50件まで）' : ''}
      </p>
      <ul className="desk-list__items" aria-label="検索結果">
        {found.map((r) => (
          <li key={r.id} className="desk-item">
            <button type="button" className="desk-item__open" onClick={() => onOpen(r.id)}>
              <strong>{customerName(r)} 様</strong>
              {r.kana ? <span className="text-muted">（{r.kana}）</span> : null}{' '}
              {formatDateJa(r.date)} {r.from}〜{r.to}
              {r.phone ? <span className="text-muted"> ☎ {formatPhone(r.phone)}</span> : null}
              {r.status < 0 ? <span className="text-muted">・{r.status_label}</span> : null}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
