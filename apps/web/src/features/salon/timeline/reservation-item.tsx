import type { Course, Reservation } from '@tsunagu/contracts';
import type { HTMLAttributes } from 'react';
import type { SalonStatus } from '@/lib/reference-store';

type ReservationItemProps = {
  reservation: Reservation;
  sub: boolean;
  status: SalonStatus | undefined;
  course: Course | undefined;
  left: number;
  width: number;
  /** Moved while dragged or while its move is being saved. */
  offset?: {
    left: number;
    width: number;
    rowDelta: number;
    /** The target time, shown while dragging. */
    time?: string;
    /** The target overlaps a booking or block time of that resource. */
    clash?: boolean;
  } | null;
  rowHeight?: number | undefined;
  draggable: boolean;
  moveHandlers?: HTMLAttributes<HTMLElement>;
  resizeHandlers?: HTMLAttributes<HTMLElement>;
  onOpen: () => void;
};

export const customerName = (reservation: Reservation) =>
  reservation.name || reservation.member?.display_name || '（お名前なし）';

/** A reservation on the timeline: time, customer, course, status colour and request badges. */
export function ReservationItem(props: ReservationItemProps) {
  const { reservation, sub, status, course, offset, draggable } = props;
  const left = offset?.left ?? props.left;
  const width = offset?.width ?? props.width;
  const name = customerName(reservation);
  const color = status?.color ?? '#5f6b7a';
  // The name starts with the words on the button (WCAG 2.5.3: a speech user says what they
  // see), then the details the button has no room for.
  const shown = [
    name,
    reservation.from,
    course?.name,
    reservation.change_child ? '変更' : undefined,
    reservation.cancel_child ? '取消' : undefined,
  ].filter(Boolean);
  const details = [
    `${reservation.from}〜${reservation.to}`,
    status?.name ?? reservation.status_label,
    reservation.change_child ? '変更リクエストあり' : undefined,
    reservation.cancel_child ? 'キャンセルリクエストあり' : undefined,
    sub ? 'サブリソース' : undefined,
  ].filter(Boolean);
  const label = `${shown.join(' ')}（${details.join(' ')}）`;
  return (
    <button
      type="button"
      className={`tl-item${sub ? ' tl-item--sub' : ''}${offset ? ' tl-item--moving' : ''}${offset?.clash ? ' tl-item--clash' : ''}${draggable ? ' tl-item--draggable' : ''}${width < 72 ? ' tl-item--short' : ''}`}
      style={{
        left,
        width,
        borderLeftColor: color,
        transform: offset?.rowDelta
          ? `translateY(${offset.rowDelta * (props.rowHeight ?? 44)}px)`
          : undefined,
      }}
      aria-label={label}
      title={label}
      data-reservation-id={reservation.id}
      data-status={reservation.status}
      onClick={props.onOpen}
      {...(draggable ? props.moveHandlers : {})}
    >
      {/* Spaces between the parts, so the text reads as words (the flex layout ignores them). */}
      {offset?.time ? (
        <span className="tl-item__target" role="status">
          {offset.time}
          {offset.clash ? ' 重複' : ''}
        </span>
      ) : null}
      <span className="tl-item__name">{name}</span>{' '}
      <span className="tl-item__time">{reservation.from}</span>{' '}
      {course ? <span className="tl-item__course">{course.name}</span> : null}{' '}
      {reservation.change_child ? <span className="tl-badge tl-badge--change">変更</span> : null}{' '}
      {reservation.cancel_child ? <span className="tl-badge tl-badge--cancel">取消</span> : null}
      <span className="tl-item__status" style={{ background: color }} aria-hidden="true" />
      {draggable ? (
        <span className="tl-item__resize" aria-hidden="true" {...props.resizeHandlers} />
      ) : null}
    </button>
  );
}
