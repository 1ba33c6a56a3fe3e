/** States, limits and messages of event reservations (issue 27, decision 0310). */

// --- States ---------------------------------------------------------------------------------

/** 下書き → 受付中 → 締切 → 終了. Only 'open' events take bookings. */
export const EVENT_STATES = ['draft', 'open', 'closed', 'ended'] as const;
export type EventState = (typeof EVENT_STATES)[number];
export const EVENT_STATE_LABELS: Record<EventState, string> = {
  draft: '下書き',
  open: '受付中',
  closed: '締切',
  ended: '終了',
};

/**
 * A reservation's state: 予約 / 出席 / 欠席 / キャンセル（本人） / キャンセル（店） /
 * 連絡ありキャンセル. Only 'booked' and 'attended' (and 'absent') hold a seat; every cancel frees it.
 */
export const EVENT_RESERVATION_STATES = [
  'booked',
  'attended',
  'absent',
  'cancelled_self',
  'cancelled_shop',
  'cancelled_notified',
] as const;
export type EventReservationState = (typeof EVENT_RESERVATION_STATES)[number];
export const EVENT_RESERVATION_STATE_LABELS: Record<EventReservationState, string> = {
  booked: '予約',
  attended: '出席',
  absent: '欠席',
  cancelled_self: 'キャンセル（本人）',
  cancelled_shop: 'キャンセル（店）',
  cancelled_notified: '連絡ありキャンセル',
};
/** States that hold a seat of the slot. */
export const EVENT_SEAT_HOLDING_STATES: readonly EventReservationState[] = [
  'booked',
  'attended',
  'absent',
];

/** How often one friend may book: once per event, once per slot, or no limit. */
export const EVENT_BOOKING_LIMITS = ['per_event', 'per_slot', 'unlimited'] as const;
export type EventBookingLimit = (typeof EVENT_BOOKING_LIMITS)[number];
export const EVENT_BOOKING_LIMIT_LABELS: Record<EventBookingLimit, string> = {
  per_event: 'イベントにつき1回',
  per_slot: '日程ごとに1回',
  unlimited: '制限なし',
};

/** A waitlist entry: 待機中 → 繰り上げ案内中 → 繰り上げ確定 / 期限切れ / 辞退. */
export const EVENT_WAITLIST_STATES = ['waiting', 'offered', 'accepted', 'expired', 'left'] as const;
export type EventWaitlistState = (typeof EVENT_WAITLIST_STATES)[number];
export const EVENT_WAITLIST_STATE_LABELS: Record<EventWaitlistState, string> = {
  waiting: 'キャンセル待ち',
  offered: '繰り上げ案内中',
  accepted: '繰り上げ確定',
  expired: '期限切れ',
  left: '辞退',
};

/** The seat label the friend's page shows: 受付中 / 残りわずか / 満席 / 受付終了. */
export const EVENT_SEAT_LABELS = ['available', 'few', 'full', 'closed'] as const;
export type EventSeatLabel = (typeof EVENT_SEAT_LABELS)[number];
export const EVENT_SEAT_LABEL_TEXT: Record<EventSeatLabel, string> = {
  available: '受付中',
  few: '残りわずか',
  full: '満席',
  closed: '受付終了',
};
/** 残りわずか when seats left ≤ max(2, 20% of capacity). */
export function seatLabelOf(
  seatsLeft: number,
  capacity: number,
  bookable: boolean,
): EventSeatLabel {
  if (!bookable) return 'closed';
  if (seatsLeft <= 0) return 'full';
  return seatsLeft <= Math.max(2, Math.floor(capacity * 0.2)) ? 'few' : 'available';
}

// --- Limits and messages --------------------------------------------------------------------

export const EVENT_LIMITS = {
  adminNameMax: 100,
  titleMax: 100,
  descriptionMax: 5000,
  placeMax: 500,
  urlMax: 1000,
  folderMax: 50,
  questionsMax: 20,
  questionLabelMax: 100,
  remindersMax: 5,
  reminderTextMax: 2000,
  capacityMax: 10_000,
  slotsPerEventMax: 500,
  copyDatesMax: 60,
  offerHoursMax: 168,
  answerTextMax: 1000,
} as const;

export const EVENT_MESSAGES = {
  titleRequired: 'タイトル（title）を入力してください',
  titleTooLong: `タイトル（title）は${EVENT_LIMITS.titleMax}文字以内で入力してください`,
  adminNameRequired: '管理名（admin_name）を入力してください',
  adminNameTooLong: `管理名（admin_name）は${EVENT_LIMITS.adminNameMax}文字以内で入力してください`,
  description: `説明（description）は${EVENT_LIMITS.descriptionMax}文字以内で入力してください`,
  imageUrl: '画像（image_url）は https:// で始まるURLか空で指定してください',
  place: `場所（place）は${EVENT_LIMITS.placeMax}文字以内で入力してください`,
  onlineUrl: 'オンラインURL（online_url）は https:// で始まるURLか空で指定してください',
  folder: `フォルダ（folder）は${EVENT_LIMITS.folderMax}文字以内で入力してください`,
  state:
    "状態（state）は 'draft'（下書き）・'open'（受付中）・'closed'（締切）・'ended'（終了）のいずれかです",
  bookingLimit:
    "予約できる回数（booking_limit）は 'per_event'・'per_slot'・'unlimited' のいずれかです",
  questions: `質問（questions）は${EVENT_LIMITS.questionsMax}件までです`,
  questionLabel: `質問文（label）は1〜${EVENT_LIMITS.questionLabelMax}文字で入力してください`,
  questionDuplicate: '同じ友だち情報の項目を複数の質問に使うことはできません',
  reminders: `リマインダー（reminders）は${EVENT_LIMITS.remindersMax}件までです`,
  reminderText: `リマインダーの文面（text）は1〜${EVENT_LIMITS.reminderTextMax}文字で入力してください`,
  reminderDays: 'リマインダーの日数（days_before）は0〜30の整数で指定してください',
  reminderMinutes: 'リマインダーの分数（minutes_before）は5〜10080の整数で指定してください',
  reminderDuplicate: '同じタイミングのリマインダーが重複しています',
  confirmationText: `予約確定メッセージ（confirmation_text）は${EVENT_LIMITS.reminderTextMax}文字以内で入力してください`,
  closeHour: '締切の時刻（default_close_hour）は0〜23の整数で指定してください',
  offerHours: `繰り上げの回答期限（waitlist_offer_hours）は1〜${EVENT_LIMITS.offerHoursMax}時間で指定してください`,
  startsAt: '開始日時（starts_at）は +09:00 などのオフセット付きの ISO 8601 で指定してください',
  endsAt: '終了日時（ends_at）は +09:00 などのオフセット付きの ISO 8601 で指定してください',
  endsBeforeStart: '終了日時（ends_at）は開始日時より後にしてください',
  capacity: `定員（capacity）は1〜${EVENT_LIMITS.capacityMax}の整数で指定してください`,
  opensAt: '受付開始（opens_at）はオフセット付きの ISO 8601 か null で指定してください',
  closesAt: '受付締切（closes_at）はオフセット付きの ISO 8601 か null で指定してください',
  cancelDeadline:
    'キャンセル期限（cancel_deadline_at）はオフセット付きの ISO 8601 か null で指定してください',
  copyDates: `コピー先の日付（dates）は1〜${EVENT_LIMITS.copyDatesMax}件の YYYY-MM-DD で指定してください`,
  copyDatesDuplicate: 'コピー先の日付（dates）が重複しています',
  capacityBelowBooked: (booked: number) =>
    `定員（capacity）は予約済みの${booked}名より少なくできません`,
  slotHasReservations: 'この日程には予約があるため削除できません。先にキャンセルしてください',
  eventHasReservations: 'このイベントには予約があるため削除できません',
  tooManySlots: `日程は1つのイベントにつき${EVENT_LIMITS.slotsPerEventMax}件までです`,
  eventNotFound: 'イベントが見つかりません',
  slotNotFound: '日程が見つかりません',
  reservationNotFound: '予約が見つかりません',
  waitlistNotFound: 'キャンセル待ちが見つかりません',
  friendNotFound: '友だちが見つかりません',
  friendId: '友だち（friend_id）を指定してください',
  slotId: '日程（slot_id）を指定してください',
  reservationState:
    "予約の状態（state）は 'booked'・'attended'・'absent'・'cancelled_self'・'cancelled_shop'・'cancelled_notified' のいずれかです",
  checkinCode: '受付コード（code）を指定してください',
  checkinUnknown: 'この受付コードの予約はこのイベントにありません',
  answers: '回答（answers）は質問の友だち情報ID（var_id）ごとの値で指定してください',
  answerRequired: (label: string) => `「${label}」に回答してください`,
  answerInvalid: (label: string) => `「${label}」の回答が正しくありません`,
  notOpen: 'このイベントは現在予約を受け付けていません',
  slotNotBookable: (slot: string) => `${slot}の回は予約の受付期間外です`,
  slotFull: (slot: string) => `${slot}の回は満席です。キャンセル待ちに登録できます`,
  alreadyBookedEvent: 'このイベントはすでに予約済みです（1人1回まで）',
  alreadyBookedSlot: (slot: string) => `${slot}の回はすでに予約済みです`,
  cancelClosed: (slot: string) =>
    `${slot}の回はキャンセル期限を過ぎたため、オンラインでキャンセルできません。お店に直接ご連絡ください`,
  alreadyCancelled: 'この予約はすでにキャンセルされています',
  waitlistOff: 'このイベントはキャンセル待ちを受け付けていません',
  waitlistNotFull: (slot: string) => `${slot}の回には空きがあります。そのまま予約できます`,
  alreadyWaiting: (slot: string) => `${slot}の回のキャンセル待ちにすでに登録済みです`,
  offerExpired: '繰り上げの回答期限を過ぎました',
  offerNotOffered: 'このキャンセル待ちには現在繰り上げの案内がありません',
} as const;
