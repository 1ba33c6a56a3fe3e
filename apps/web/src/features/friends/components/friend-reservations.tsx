import { RESERVATION_STATUSES } from '@tsunagu/contracts';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { useFriendReservations } from '../api/friend-detail';

const statusName = (status: number) =>
  RESERVATION_STATUSES.find((entry) => entry.id === status)?.name ?? String(status);

/** The friend's reservations in the account's salons, newest first (read only). */
export function FriendReservations({ friendId }: { friendId: number }) {
  const reservations = useFriendReservations(friendId);
  if (reservations.isPending) return <Loading />;
  if (reservations.isError)
    return (
      <p className="notice notice--error" role="alert">
        {errorText(reservations.error)}
      </p>
    );
  if (reservations.data.length === 0) return <p className="text-muted">予約はありません</p>;
  return (
    <table className="friend-reservations">
      <caption className="visually-hidden">サロン予約</caption>
      <thead>
        <tr>
          <th scope="col">日時</th>
          <th scope="col">サロン</th>
          <th scope="col">コース</th>
          <th scope="col">状態</th>
        </tr>
      </thead>
      <tbody>
        {reservations.data.map((reservation) => (
          <tr key={reservation.id}>
            <td>
              {reservation.date.replaceAll('-', '/')} {reservation.from_time}〜{reservation.to_time}
            </td>
            <td>{reservation.salon_name}</td>
            <td>{reservation.course_name ?? '-'}</td>
            <td>{statusName(reservation.status)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
