import { z } from 'zod';
import { publicKeyParam } from './path-params.js';
import { actionListSchema, actionSchema } from './actions.js';
import { varValueSchema } from './friend-info.js';
import { FRIENDS_CSV_ENCODINGS } from './friends-csv.js';
import { idParam, idSchema } from './ids.js';
import { salonDateSchema, salonTimeSchema } from './salon/common.js';

/**
 * Event reservations (issue 27, decision 0310): events with slots of fixed seats, booked by
 * friends from LINE (`/e/{publicKey}`), capacity held by PostgreSQL. Staff routes live under
 * `/api/events`, the friend's under `/api/event_booking/{publicKey}`. Field names are snake_case;
 * instants are ISO 8601 with an offset; business time is Asia/Tokyo.
 */

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

// --- Building blocks ------------------------------------------------------------------------

/** An instant with an offset: `2026-12-01T10:00:00+09:00` (issue 27: "ISO 8601 with offset"). */
const instant = (message: string) => z.iso.datetime({ offset: true, local: false, error: message });
const optionalUrl = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(EVENT_LIMITS.urlMax, { error: message })
    .refine((value) => value === '' || /^https:\/\/[^\s]+$/.test(value), { error: message })
    .default('');
const requiredText = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

export const eventStateSchema = z.enum(EVENT_STATES, { error: EVENT_MESSAGES.state });
export const eventReservationStateSchema = z.enum(EVENT_RESERVATION_STATES, {
  error: EVENT_MESSAGES.reservationState,
});

/** A question: its answer is saved into the friend's information item `var_id`. */
export const eventQuestionSchema = z.object({
  var_id: idSchema,
  label: z
    .string({ error: EVENT_MESSAGES.questionLabel })
    .trim()
    .min(1, { error: EVENT_MESSAGES.questionLabel })
    .max(EVENT_LIMITS.questionLabelMax, { error: EVENT_MESSAGES.questionLabel }),
  required: z.boolean().default(false),
});
export type EventQuestion = z.output<typeof eventQuestionSchema>;

/**
 * A reminder: `days_before` days before the slot's date at `at` (Tokyo), e.g. the day before at
 * 18:00 (`{kind:'day_before_at', days_before:1, at:'18:00'}`), or `minutes_before` the start.
 * The text may use {イベント名} {日時} {場所} {友だち名}.
 */
export const eventReminderSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('day_before_at'),
    days_before: z
      .number({ error: EVENT_MESSAGES.reminderDays })
      .int({ error: EVENT_MESSAGES.reminderDays })
      .min(0, { error: EVENT_MESSAGES.reminderDays })
      .max(30, { error: EVENT_MESSAGES.reminderDays }),
    at: salonTimeSchema,
    text: requiredText(
      EVENT_LIMITS.reminderTextMax,
      EVENT_MESSAGES.reminderText,
      EVENT_MESSAGES.reminderText,
    ),
  }),
  z.object({
    kind: z.literal('minutes_before'),
    minutes_before: z
      .number({ error: EVENT_MESSAGES.reminderMinutes })
      .int({ error: EVENT_MESSAGES.reminderMinutes })
      .min(5, { error: EVENT_MESSAGES.reminderMinutes })
      .max(10_080, { error: EVENT_MESSAGES.reminderMinutes }),
    text: requiredText(
      EVENT_LIMITS.reminderTextMax,
      EVENT_MESSAGES.reminderText,
      EVENT_MESSAGES.reminderText,
    ),
  }),
]);
export type EventReminder = z.output<typeof eventReminderSchema>;
/** The stable key of a reminder's offset (`d1@18:00`, `m60`): one send per booking and key. */
export function reminderKeyOf(reminder: EventReminder): string {
  return reminder.kind === 'day_before_at'
    ? `d${reminder.days_before}@${reminder.at}`
    : `m${reminder.minutes_before}`;
}
/** The insertable fields of confirmation and reminder texts. */
export const EVENT_TEXT_FIELDS = ['{イベント名}', '{日時}', '{場所}', '{友だち名}'] as const;

// --- Events ---------------------------------------------------------------------------------

const eventFields = {
  admin_name: requiredText(
    EVENT_LIMITS.adminNameMax,
    EVENT_MESSAGES.adminNameRequired,
    EVENT_MESSAGES.adminNameTooLong,
  ),
  title: requiredText(
    EVENT_LIMITS.titleMax,
    EVENT_MESSAGES.titleRequired,
    EVENT_MESSAGES.titleTooLong,
  ),
  description: z
    .string({ error: EVENT_MESSAGES.description })
    .max(EVENT_LIMITS.descriptionMax, { error: EVENT_MESSAGES.description })
    .default(''),
  image_url: optionalUrl(EVENT_MESSAGES.imageUrl),
  /** Address or meeting point; shown only to booked friends. */
  place: z
    .string({ error: EVENT_MESSAGES.place })
    .trim()
    .max(EVENT_LIMITS.placeMax, { error: EVENT_MESSAGES.place })
    .default(''),
  /** Online meeting URL; shown only to booked friends. */
  online_url: optionalUrl(EVENT_MESSAGES.onlineUrl),
  /** The EventList folder ('' = 未分類). */
  folder: z
    .string({ error: EVENT_MESSAGES.folder })
    .trim()
    .max(EVENT_LIMITS.folderMax, { error: EVENT_MESSAGES.folder })
    .default(''),
  state: eventStateSchema.default('draft'),
  booking_limit: z
    .enum(EVENT_BOOKING_LIMITS, { error: EVENT_MESSAGES.bookingLimit })
    .default('per_event'),
  questions: z
    .array(eventQuestionSchema, { error: EVENT_MESSAGES.questions })
    .max(EVENT_LIMITS.questionsMax, { error: EVENT_MESSAGES.questions })
    .default([])
    .refine((list) => new Set(list.map((q) => q.var_id)).size === list.length, {
      error: EVENT_MESSAGES.questionDuplicate,
    }),
  /** The one action model (modules/actions): run for the friend on booking, cancel, attendance. */
  actions_on_booking: actionListSchema.default([]),
  actions_on_cancel: actionListSchema.default([]),
  actions_on_attendance: actionListSchema.default([]),
  /** Pushed on booking ('' = the standard text). */
  confirmation_text: z
    .string({ error: EVENT_MESSAGES.confirmationText })
    .max(EVENT_LIMITS.reminderTextMax, { error: EVENT_MESSAGES.confirmationText })
    .default(''),
  reminders: z
    .array(eventReminderSchema, { error: EVENT_MESSAGES.reminders })
    .max(EVENT_LIMITS.remindersMax, { error: EVENT_MESSAGES.reminders })
    .default([])
    .refine((list) => new Set(list.map(reminderKeyOf)).size === list.length, {
      error: EVENT_MESSAGES.reminderDuplicate,
    }),
  /** A slot without closes_at stops taking bookings the day before its date at this hour. */
  default_close_hour: z
    .number({ error: EVENT_MESSAGES.closeHour })
    .int({ error: EVENT_MESSAGES.closeHour })
    .min(0, { error: EVENT_MESSAGES.closeHour })
    .max(23, { error: EVENT_MESSAGES.closeHour })
    .default(18),
  waitlist_enabled: z.boolean().default(true),
  /** Hours a waitlisted friend has to accept an offered seat. */
  waitlist_offer_hours: z
    .number({ error: EVENT_MESSAGES.offerHours })
    .int({ error: EVENT_MESSAGES.offerHours })
    .min(1, { error: EVENT_MESSAGES.offerHours })
    .max(EVENT_LIMITS.offerHoursMax, { error: EVENT_MESSAGES.offerHours })
    .default(24),
};

/** `POST /api/events` and `PUT /api/events/{id}` (the whole event; absent fields take defaults). */
export const eventInputSchema = z.object(eventFields);
export type EventInput = z.input<typeof eventInputSchema>;
export type EventInputParsed = z.output<typeof eventInputSchema>;

/** `POST /api/events/{id}/state`: move the event between 下書き / 受付中 / 締切 / 終了. */
export const eventStateInputSchema = z.object({ state: eventStateSchema });

export const eventSchema = z.object({
  id: z.number().int(),
  public_key: z.string(),
  admin_name: z.string(),
  title: z.string(),
  description: z.string(),
  image_url: z.string(),
  place: z.string(),
  online_url: z.string(),
  folder: z.string(),
  state: eventStateSchema,
  state_name: z.string(),
  booking_limit: z.enum(EVENT_BOOKING_LIMITS),
  questions: z.array(
    z.object({ var_id: z.number().int(), label: z.string(), required: z.boolean() }),
  ),
  actions_on_booking: z.array(actionSchema),
  actions_on_cancel: z.array(actionSchema),
  actions_on_attendance: z.array(actionSchema),
  confirmation_text: z.string(),
  reminders: z.array(eventReminderSchema),
  default_close_hour: z.number().int(),
  waitlist_enabled: z.boolean(),
  waitlist_offer_hours: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EventDetail = z.infer<typeof eventSchema>;

/** `POST /api/events` and `POST /api/events/{id}/copy`. */
export const eventCreatedSchema = z.object({
  status: z.literal(true),
  id: z.number().int(),
  public_key: z.string(),
});

export const eventParamsSchema = z.object({ id: idParam });
export const eventSlotParamsSchema = z.object({ id: idParam, slotId: idParam });
export const eventReservationParamsSchema = z.object({ id: idParam, reservationId: idParam });

// --- Slots ----------------------------------------------------------------------------------

/** `POST /api/events/{id}/slots` and `PUT …/slots/{slotId}`. */
export const eventSlotInputSchema = z
  .object({
    starts_at: instant(EVENT_MESSAGES.startsAt),
    ends_at: instant(EVENT_MESSAGES.endsAt),
    capacity: z
      .number({ error: EVENT_MESSAGES.capacity })
      .int({ error: EVENT_MESSAGES.capacity })
      .min(1, { error: EVENT_MESSAGES.capacity })
      .max(EVENT_LIMITS.capacityMax, { error: EVENT_MESSAGES.capacity }),
    /** This slot's place ('' = the event's). */
    place: z
      .string({ error: EVENT_MESSAGES.place })
      .trim()
      .max(EVENT_LIMITS.placeMax, { error: EVENT_MESSAGES.place })
      .default(''),
    /** null: open as soon as the event is 受付中. */
    opens_at: instant(EVENT_MESSAGES.opensAt).nullable().default(null),
    /** null: the day before the slot's date at the event's default_close_hour (Tokyo). */
    closes_at: instant(EVENT_MESSAGES.closesAt).nullable().default(null),
    /** null: the same as the booking close. */
    cancel_deadline_at: instant(EVENT_MESSAGES.cancelDeadline).nullable().default(null),
  })
  .refine((value) => Date.parse(value.ends_at) > Date.parse(value.starts_at), {
    error: EVENT_MESSAGES.endsBeforeStart,
    path: ['ends_at'],
  });
export type EventSlotInput = z.input<typeof eventSlotInputSchema>;

export const eventSlotSchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** Tokyo date and times, for display: `2026-12-01`, `10:00`, `12:00`. */
  date: z.string(),
  from: z.string(),
  to: z.string(),
  capacity: z.number().int(),
  /** Seats held (予約 / 出席 / 欠席). */
  booked: z.number().int(),
  seats_left: z.number().int(),
  waitlisted: z.number().int(),
  place: z.string(),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  cancel_deadline_at: z.string().nullable(),
  /** The effective booking close and cancel deadline (defaults applied). */
  effective_closes_at: z.string(),
  effective_cancel_deadline_at: z.string(),
});
export type EventSlot = z.infer<typeof eventSlotSchema>;
export const eventSlotListSchema = z.object({ slots: z.array(eventSlotSchema) });

/** `POST /api/events/{id}/slots/{slotId}/copy`: the same times on each date (Tokyo). */
export const eventSlotCopyInputSchema = z.object({
  dates: z
    .array(salonDateSchema, { error: EVENT_MESSAGES.copyDates })
    .min(1, { error: EVENT_MESSAGES.copyDates })
    .max(EVENT_LIMITS.copyDatesMax, { error: EVENT_MESSAGES.copyDates })
    .refine((dates) => new Set(dates).size === dates.length, {
      error: EVENT_MESSAGES.copyDatesDuplicate,
    }),
});
export const eventSlotCopyResultSchema = z.object({
  status: z.literal(true),
  ids: z.array(z.number().int()),
});
/** Weekly dates from a slot's date: e.g. 8 weeks → the 8 following same weekdays. */
export function weeklyDates(fromDate: string, weeks: number): string[] {
  const base = Date.parse(`${fromDate}T00:00:00Z`);
  return Array.from({ length: weeks }, (_, index) =>
    new Date(base + (index + 1) * 7 * 86_400_000).toISOString().slice(0, 10),
  );
}

// --- EventList ------------------------------------------------------------------------------

export const eventListQuerySchema = z.object({
  folder: z.string().max(EVENT_LIMITS.folderMax).optional(),
  state: eventStateSchema.optional(),
});
export const eventListItemSchema = z.object({
  id: z.number().int(),
  public_key: z.string(),
  admin_name: z.string(),
  title: z.string(),
  folder: z.string(),
  state: eventStateSchema,
  state_name: z.string(),
  /** The first slot starting from now on ('' when none). */
  next_starts_at: z.string(),
  slots: z.array(
    z.object({
      id: z.number().int(),
      starts_at: z.string(),
      date: z.string(),
      from: z.string(),
      booked: z.number().int(),
      capacity: z.number().int(),
    }),
  ),
  booked: z.number().int(),
  capacity: z.number().int(),
  updated_at: z.string(),
});
export type EventListItem = z.infer<typeof eventListItemSchema>;
export const eventListSchema = z.object({
  events: z.array(eventListItemSchema),
  /** Every folder name in use, sorted. */
  folders: z.array(z.string()),
});

// --- Reservations (staff) -------------------------------------------------------------------

export const eventAnswerSchema = z.object({
  var_id: z.number().int(),
  label: z.string(),
  /** The answer as text for display (choices by name). */
  text: z.string(),
});

export const eventReservationSchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  slot_id: z.number().int(),
  friend_id: z.number().int(),
  friend_name: z.string(),
  friend_picture_url: z.string(),
  state: eventReservationStateSchema,
  state_name: z.string(),
  /** 'member' (booked on the friend's page), 'staff' (manual add), 'waitlist' (promoted). */
  source: z.enum(['member', 'staff', 'waitlist']),
  answers: z.array(eventAnswerSchema),
  /** The code of the QR shown in the friend's booking; scanning it marks attendance. */
  checkin_code: z.string(),
  booked_at: z.string(),
  cancelled_at: z.string().nullable(),
  attended_at: z.string().nullable(),
});
export type EventReservation = z.infer<typeof eventReservationSchema>;

export const eventWaitlistEntrySchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  slot_id: z.number().int(),
  friend_id: z.number().int(),
  friend_name: z.string(),
  /** 1-based place among the slot's waiting entries (0 when no longer waiting). */
  position: z.number().int(),
  state: z.enum(EVENT_WAITLIST_STATES),
  state_name: z.string(),
  created_at: z.string(),
  offered_at: z.string().nullable(),
  offer_expires_at: z.string().nullable(),
});
export type EventWaitlistEntry = z.infer<typeof eventWaitlistEntrySchema>;

export const eventReservationsQuerySchema = z.object({ slot_id: idParam.optional() });
/** A question as a form draws it: the friend-information item's type and choices. */
export const eventQuestionFieldSchema = z.object({
  var_id: z.number().int(),
  label: z.string(),
  required: z.boolean(),
  /** The friend-information item's type and choices, to draw the field. */
  type: z.enum(['text', 'number', 'date', 'choice', 'multi_choice']),
  choices: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type EventQuestionField = z.infer<typeof eventQuestionFieldSchema>;

/** `GET /api/events/{id}/reservations`: every reservation and waitlist entry, by slot and time. */
export const eventReservationListSchema = z.object({
  event: z.object({
    id: z.number().int(),
    title: z.string(),
    admin_name: z.string(),
    /** The event's questions, for staff's 代理予約 (answers saved as the friend's own are). */
    questions: z.array(eventQuestionFieldSchema),
  }),
  slots: z.array(eventSlotSchema),
  reservations: z.array(eventReservationSchema),
  waitlist: z.array(eventWaitlistEntrySchema),
});

/** `GET /api/events/{id}/reservations.csv?encoding=`: UTF-8 with BOM (default) or CP932. */
export const eventCsvQuerySchema = z.object({
  slot_id: idParam.optional(),
  encoding: z.enum(FRIENDS_CSV_ENCODINGS).default('utf-8'),
});
/** The CSV's first columns; each question's label follows. */
export const EVENT_CSV_COLUMNS = [
  '日程',
  '開始',
  '終了',
  '友だちID',
  '友だち名',
  '状態',
  '予約日時',
  '受付',
  'キャンセル日時',
  '出席日時',
] as const;
export const EVENT_RESERVATION_SOURCE_LABELS = {
  member: '本人',
  staff: 'スタッフ',
  waitlist: 'キャンセル待ち',
} as const;

const answersSchema = z
  .record(z.string().regex(/^[1-9]\d{0,9}$/, { error: EVENT_MESSAGES.answers }), varValueSchema, {
    error: EVENT_MESSAGES.answers,
  })
  .refine((answers) => Object.keys(answers).length <= EVENT_LIMITS.questionsMax, {
    error: EVENT_MESSAGES.answers,
  })
  .default({});

/** `POST /api/events/{id}/reservations`: staff book a friend (代理予約); capacity still holds. */
export const eventManualReservationInputSchema = z.object({
  slot_id: z.number({ error: EVENT_MESSAGES.slotId }).pipe(idSchema),
  friend_id: z.number({ error: EVENT_MESSAGES.friendId }).pipe(idSchema),
  answers: answersSchema,
});

/** `PATCH /api/events/{id}/reservations/{reservationId}`: one-tap attendance, cancels. */
export const eventReservationStateInputSchema = z.object({ state: eventReservationStateSchema });

/** `POST /api/events/{id}/checkin`: the code read from the friend's QR; marks 出席. */
export const eventCheckinInputSchema = z.object({
  code: z
    .string({ error: EVENT_MESSAGES.checkinCode })
    .trim()
    .min(1, { error: EVENT_MESSAGES.checkinCode })
    .max(100, { error: EVENT_MESSAGES.checkinCode }),
});

export const eventReservationResultSchema = z.object({
  status: z.literal(true),
  reservation: eventReservationSchema,
});

// --- The friend's page (/e/{publicKey}) ----------------------------------------------------

export const eventBookingParamsSchema = z.object({ publicKey: publicKeyParam });
export const eventBookingSlotParamsSchema = z.object({
  publicKey: publicKeyParam,
  slotId: idParam,
});
export const eventBookingItemParamsSchema = z.object({
  publicKey: publicKeyParam,
  id: idParam,
});

/** A slot as the friend sees it: seats left and 満席 / 残りわずか; no place until booked. */
export const publicEventSlotSchema = z.object({
  id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  date: z.string(),
  from: z.string(),
  to: z.string(),
  capacity: z.number().int(),
  seats_left: z.number().int(),
  seat_label: z.enum(EVENT_SEAT_LABELS),
  seat_label_text: z.string(),
  bookable: z.boolean(),
  /** Why it cannot be booked now ('' when bookable or merely full). */
  refusal: z.string(),
  waitlist_open: z.boolean(),
  effective_closes_at: z.string(),
  effective_cancel_deadline_at: z.string(),
});
export type PublicEventSlot = z.infer<typeof publicEventSlotSchema>;

/** `GET /api/event_booking/{publicKey}`: readable before sign-in; 404 for a draft. */
export const publicEventSchema = z.object({
  title: z.string(),
  description: z.string(),
  image_url: z.string(),
  state: eventStateSchema,
  state_name: z.string(),
  booking_limit: z.enum(EVENT_BOOKING_LIMITS),
  questions: z.array(eventQuestionFieldSchema),
  waitlist_enabled: z.boolean(),
  slots: z.array(publicEventSlotSchema),
});
export type PublicEvent = z.infer<typeof publicEventSchema>;

/** `POST /api/event_booking/{publicKey}/slots/{slotId}/reservations`. */
export const eventMemberBookingInputSchema = z.object({ answers: answersSchema });
export type EventMemberBookingInput = z.input<typeof eventMemberBookingInputSchema>;

export const eventMemberBookingResultSchema = z.object({
  status: z.literal(true),
  id: z.number().int(),
  state: z.literal('booked'),
  state_name: z.string(),
});

/** One of my bookings: the place and online URL are shown here only. */
export const myEventReservationSchema = z.object({
  id: z.number().int(),
  slot_id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  date: z.string(),
  from: z.string(),
  to: z.string(),
  place: z.string(),
  online_url: z.string(),
  state: eventReservationStateSchema,
  state_name: z.string(),
  checkin_code: z.string(),
  can_cancel: z.boolean(),
  refusal: z.string(),
});
export type MyEventReservation = z.infer<typeof myEventReservationSchema>;

export const myEventWaitlistSchema = z.object({
  id: z.number().int(),
  slot_id: z.number().int(),
  starts_at: z.string(),
  date: z.string(),
  from: z.string(),
  position: z.number().int(),
  state: z.enum(EVENT_WAITLIST_STATES),
  state_name: z.string(),
  offer_expires_at: z.string().nullable(),
});
export type MyEventWaitlist = z.infer<typeof myEventWaitlistSchema>;

/** `GET /api/event_booking/{publicKey}/my`: my bookings and waitlist entries of this event. */
export const myEventBookingsSchema = z.object({
  reservations: z.array(myEventReservationSchema),
  waitlist: z.array(myEventWaitlistSchema),
});

export const myEventCancelResultSchema = z.object({
  status: z.literal(true),
  id: z.number().int(),
  state: z.literal('cancelled_self'),
});

/** `POST …/slots/{slotId}/waitlist`. */
export const eventWaitlistJoinInputSchema = z.object({ answers: answersSchema });
export const eventWaitlistJoinResultSchema = z.object({
  status: z.literal(true),
  id: z.number().int(),
  position: z.number().int(),
});

/** `POST …/my/waitlist/{id}/accept`: takes the offered seat. */
export const eventWaitlistAcceptResultSchema = eventMemberBookingResultSchema;
