/**
 * The event API's shapes as the screens read them. Provisional until the server branch's
 * contracts (packages/contracts/src/events.ts) land; then these become re-exports of them.
 */
export type EventState = 'draft' | 'open' | 'closed' | 'ended';
export const EVENT_STATE_LABELS: Record<EventState, string> = {
  draft: '下書き',
  open: '受付中',
  closed: '締切',
  ended: '終了',
};

export type BookingLimit = 'per_event' | 'per_slot' | 'none';
export const BOOKING_LIMIT_LABELS: Record<BookingLimit, string> = {
  per_event: 'イベントごとに1回',
  per_slot: '枠ごとに1回',
  none: '制限なし',
};

export type EventQuestion = {
  label: string;
  required: boolean;
  /** The friend information field the answer is saved into (null: kept with the booking only). */
  friend_field_id: number | null;
};

export type EventReminder = {
  /** 'day_before': the day before at `at` (HH:MM); 'hours_before': `hours` before the start. */
  kind: 'day_before' | 'hours_before';
  at: string;
  hours: number;
  template_id: number;
};

export type EventActions = {
  on_book: number | null;
  on_cancel: number | null;
  on_attend: number | null;
};

export type EventInput = {
  admin_name: string;
  title: string;
  description: string;
  image_url: string;
  place: string;
  online_url: string;
  group_id: number | null;
  booking_limit: BookingLimit;
  questions: EventQuestion[];
  actions: EventActions;
  reminders: EventReminder[];
  state: EventState;
};

export type EventDetail = EventInput & { id: number; public_key: string };

export type EventSlot = {
  id: number;
  starts_at: string;
  ends_at: string;
  capacity: number;
  booked: number;
  waitlisted: number;
  place: string;
  opens_at: string | null;
  closes_at: string | null;
  cancel_until: string | null;
};

export type EventSlotInput = Omit<EventSlot, 'id' | 'booked' | 'waitlisted'>;

export type EventSummary = {
  id: number;
  admin_name: string;
  title: string;
  state: EventState;
  group_id: number | null;
  public_key: string;
  slots: Pick<EventSlot, 'id' | 'starts_at' | 'ends_at' | 'booked' | 'capacity'>[];
};
export type EventGroup = { id: number; name: string };

export type ReservationState =
  | 'booked'
  | 'attended'
  | 'absent'
  | 'cancelled_member'
  | 'cancelled_shop'
  | 'cancelled_notice'
  | 'waitlisted'
  | 'offered';
export const RESERVATION_STATE_LABELS: Record<ReservationState, string> = {
  booked: '予約',
  attended: '出席',
  absent: '欠席',
  cancelled_member: 'キャンセル（本人）',
  cancelled_shop: 'キャンセル（店）',
  cancelled_notice: '連絡ありキャンセル',
  waitlisted: 'キャンセル待ち',
  offered: '空席案内中',
};

export type EventReservation = {
  id: number;
  slot_id: number;
  member_id: number;
  display_name: string;
  created_at: string;
  state: ReservationState;
  answers: { label: string; value: string }[];
  by_staff: boolean;
};
