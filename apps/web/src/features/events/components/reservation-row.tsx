import {
  EVENT_RESERVATION_STATE_LABELS,
  EVENT_RESERVATION_SOURCE_LABELS,
  EVENT_RESERVATION_STATES,
  type EventReservation,
  type EventReservationState,
} from '@tsunagu/contracts';
import { Link } from 'react-router';
import { tokyoParts } from '@/lib/tokyo-wall-clock';
import { eventPaths } from '../paths';

const at = (iso: string) => {
  const parts = tokyoParts(iso);
  return `${parts.date.slice(5).replace('-', '/')} ${parts.time}`;
};

/**
 * One booking of the reservations list: the friend (to their page), when and how it was made,
 * the answers, the state, and 出席 in one tap (large enough for a phone at the door).
 */
export function ReservationRow(props: {
  row: EventReservation;
  canWrite: boolean;
  busy: boolean;
  onState: (state: EventReservationState) => void;
}) {
  const { row } = props;
  const attended = row.state === 'attended';
  const seated = row.state === 'booked' || attended || row.state === 'absent';
  return (
    <tr data-testid="event-reservation">
      <td>
        <Link to={eventPaths.friend(row.friend_id)}>{row.friend_name}</Link>
        {row.answers.length > 0 ? (
          <ul className="ev-res-row__answers">
            {row.answers.map((answer) => (
              <li key={answer.var_id}>
                <span className="text-muted">{answer.label}：</span>
                {answer.text}
              </li>
            ))}
          </ul>
        ) : null}
      </td>
      <td className="ev-nowrap">
        {at(row.booked_at)}
        <div className="text-muted">{EVENT_RESERVATION_SOURCE_LABELS[row.source]}</div>
      </td>
      <td>
        {props.canWrite ? (
          <select
            aria-label={`${row.friend_name}さんの状態`}
            value={row.state}
            disabled={props.busy}
            onChange={(event) => props.onState(event.target.value as EventReservationState)}
          >
            {EVENT_RESERVATION_STATES.map((state) => (
              <option key={state} value={state}>
                {EVENT_RESERVATION_STATE_LABELS[state]}
              </option>
            ))}
          </select>
        ) : (
          row.state_name
        )}
      </td>
      <td>
        {props.canWrite && seated ? (
          <button
            type="button"
            className="btn ev-attend"
            aria-pressed={attended}
            aria-label={`${row.friend_name}さんを${attended ? '予約に戻す' : '出席にする'}`}
            disabled={props.busy}
            onClick={() => props.onState(attended ? 'booked' : 'attended')}
          >
            {attended ? '出席済み' : '出席'}
          </button>
        ) : null}
      </td>
    </tr>
  );
}
