import { slotLabel } from '../lib/event-time';
import { seatsState } from '../lib/seats';
import type { PublicEventSlot } from './event-booking-api';

/**
 * The event's dates, each one tap: a slot with seats books, a full one joins the waitlist, a
 * closed one says why. Seats left read 満席 / 残りわずか (decision 0316).
 */
export function SlotList(props: {
  slots: PublicEventSlot[];
  onPick: (slot: PublicEventSlot, waitlist: boolean) => void;
}) {
  if (props.slots.length === 0)
    return <p className="bk-muted">予約できる日時はまだありません。</p>;
  return (
    <ul className="ev-slots" aria-label="日時を選ぶ">
      {props.slots.map((slot) => {
        const seats = seatsState(slot.booked, slot.capacity);
        const full = seats.left === 0;
        const waitlist = full && slot.waitlist_open;
        const name = slotLabel(slot.starts_at, slot.ends_at);
        return (
          <li key={slot.id}>
            <button
              type="button"
              className={`ev-slot ev-slot--${seats.tone}`}
              disabled={!slot.bookable || (full && !waitlist)}
              aria-label={`${name} ${seats.label}${waitlist ? ' キャンセル待ちに登録' : ''}`}
              onClick={() => props.onPick(slot, waitlist)}
            >
              <span className="ev-slot__when">{name}</span>
              {slot.place ? <span className="bk-muted">{slot.place}</span> : null}
              <span className="ev-slot__seats">
                {slot.bookable ? seats.label : slot.closed_reason || '受付期間外'}
                {waitlist && slot.bookable ? '・キャンセル待ちに登録できます' : ''}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
