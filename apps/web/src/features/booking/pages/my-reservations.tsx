import type { BookingPage, MyReservation } from '@tsunagu/contracts';
import { useCallback, useEffect, useState } from 'react';
import { BookingApiError, type BookingApi } from '../api/booking-api';
import { ReservationCard } from '../components/reservation-card';

/**
 * The customer's own reservations: upcoming ones with change / cancel requests and their
 * withdrawal, then past ones. Every refusal (the cancel deadline …) is the server's own reason.
 */
export function MyReservations({ api, page }: { api: BookingApi; page: BookingPage }) {
  const [lists, setLists] = useState<{ upcoming: MyReservation[]; past: MyReservation[] } | null>(
    null,
  );
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');

  const load = useCallback(
    () =>
      api
        .mine()
        .then(setLists)
        .catch((failure: unknown) =>
          setError(failure instanceof BookingApiError ? failure.message : '読み込めませんでした'),
        ),
    [api],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const done = (message: string) => {
    setNotice(message);
    void load();
  };

  if (error)
    return (
      <p className="bk-alert" role="alert">
        {error}
      </p>
    );
  if (!lists)
    return (
      <p className="bk-muted" role="status">
        読み込み中...
      </p>
    );
  return (
    <div className="bk-mine">
      {notice ? (
        <p className="bk-notice" role="status">
          {notice}
        </p>
      ) : null}
      <section className="bk-card" aria-labelledby="bk-upcoming">
        <h2 id="bk-upcoming">これからの予約</h2>
        {lists.upcoming.length === 0 ? (
          <p className="bk-muted">これからの予約はありません。</p>
        ) : (
          lists.upcoming.map((reservation) => (
            <ReservationCard
              key={reservation.id}
              api={api}
              page={page}
              reservation={reservation}
              onDone={done}
            />
          ))
        )}
      </section>
      <section className="bk-card" aria-labelledby="bk-past">
        <h2 id="bk-past">過去の予約</h2>
        {lists.past.length === 0 ? (
          <p className="bk-muted">過去の予約はありません。</p>
        ) : (
          lists.past.map((reservation) => (
            <ReservationCard key={reservation.id} api={api} page={page} reservation={reservation} />
          ))
        )}
      </section>
    </div>
  );
}
