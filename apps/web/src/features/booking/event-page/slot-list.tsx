import type { PublicEventSlot } from '@tsunagu/contracts';
import { slotLabel } from '@/lib/tokyo-wall-clock';

/** What a friend reads about a slot's seats: 満席 / 残りわずか from the server, with the count. */
export function seatsText(slot: PublicEventSlot): string {
  switch (slot.seat_label) {
    case 'full':
      return '満席';
    case 'few':
      return `残りわずか（あと${slot.seats_left}席）`;
    case 'closed':
      return slot.refusal || slot.seat_label_text;
    default:
      return `残り${slot.seats_left}席`;
  }
}

/**
 * The event's dates, each one tap: a slot with seats books, a full one joins the waitlist when
 * the event keeps one, a closed one says why.
 */
export function SlotList(props: {
  slots: PublicEventSlot[];
  onPick: (slot: PublicEventSlot, waitlist: boolean) => void;
}) {
  if (props.slots.length === 0) return <p className="bk-muted">予約できる日時はまだありません。</p>;
  return (
    <ul className="ev-slots" aria-label="日時を選ぶ">
      {props.slots.map((slot) => {
        const waitlist = slot.seat_label === 'full' && slot.waitlist_open;
        const canTap = slot.seat_label === 'full' ? waitlist : slot.bookable;
        const name = slotLabel(slot.starts_at, slot.ends_at);
        return (
          <li key={slot.id}>
            <button
              type="button"
              className={`ev-slot ev-slot--${slot.seat_label}`}
              disabled={!canTap}
              onClick={() => props.onPick(slot, waitlist)}
            >
              <span className="ev-slot__when">{name}</span>
              <span className="ev-slot__seats">
                {seatsText(slot)}
                {waitlist ? '・キャンセル待ちに登録できます' : ''}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
