import { z } from 'zod';
import { publicKeyParam } from '../path-params.js';
import { idParam, idSchema } from '../ids.js';
import { salonDateSchema, salonTimeSchema } from './common.js';

/**
 * The customer's side of the booking page (issue 12, decision 0115): the member session from a
 * LIFF ID token (or the demo member), and the member's booking writes and own reservations under
 * `/api/booking/{publicKey}/…`. Every message names its field in Japanese.
 */

/** Pending requests (new, change or cancel) one member may hold at once in a salon (decision 0115). */
export const MEMBER_PENDING_LIMIT = 3;

export const MEMBER_BOOKING_MESSAGES = {
  sessionChoice: 'id_token（LIFFのIDトークン）か demo のどちらか一方を指定してください',
  idToken: 'id_token（LIFFのIDトークン）は1〜4096文字で指定してください',
  accessToken: 'access_token（LIFFのアクセストークン）は1〜4096文字で指定してください',
  demoFlag: 'demo は true で指定してください',
  lineRefused: 'LINEでの本人確認に失敗しました。LINEアプリから予約ページを開き直してください',
  lineUnreachable: 'LINEに接続できませんでした。しばらくしてからもう一度お試しください',
  loginNotConfigured:
    'このサロンはLINEログインの設定がまだのため、LINEからの予約を受け付けていません',
  demoRefused: 'デモ会員はLINEログインが未設定のデモ環境でだけ使えます',
  demoNoMember: 'デモ会員が見つかりません',
  unauthenticated: '予約ページのログインが切れました。予約ページを開き直してください',
  courseId: 'コース（course_id）を指定してください',
  resourceId: '担当者（resource_id）はIDか null（指名なし）で指定してください',
  comment: 'ご要望（comment）は500文字以内で入力してください',
  slotNotOffered: 'この日時は予約を受け付けていません。空き枠から選び直してください',
  slotTaken: 'この枠はたった今ほかの予約で埋まりました。近い空き枠からお選びください',
  pendingLimit: `リクエスト中の予約・変更・キャンセルは${MEMBER_PENDING_LIMIT}件までです。お店の確認をお待ちください`,
  rateLimited: '操作が多すぎます。しばらく待ってからもう一度お試しください',
  addressRateLimited:
    'このネットワークからの予約操作が多すぎます。しばらく待ってからもう一度お試しください',
  cancelClosed: 'オンラインでのキャンセル・変更は受け付けていません。お店に直接ご連絡ください',
  deadlinePassed: (hours: number) =>
    `予約の${hours}時間前を過ぎたため、オンラインでのキャンセル・変更はできません。お店に直接ご連絡ください`,
  notFound: '予約が見つかりません',
  answers: 'お客様情報（answers）は質問IDごとの文字列か true/false で指定してください',
  answersInvalid: 'お客様情報の入力内容をご確認ください',
} as const;

/** `POST /api/booking/{publicKey}/session`: a LIFF ID token, or `{ demo: true }` in the demo. */
export const memberSessionInputSchema = z
  .object({
    id_token: z
      .string({ error: MEMBER_BOOKING_MESSAGES.idToken })
      .min(1, { error: MEMBER_BOOKING_MESSAGES.idToken })
      .max(4096, { error: MEMBER_BOOKING_MESSAGES.idToken })
      .optional(),
    /**
     * LIFF's access token (`liff.getAccessToken()`): the server asks LINE whether the customer
     * is a friend of the account (`GET /friendship/v1/status`, decision 0181).
     */
    access_token: z
      .string({ error: MEMBER_BOOKING_MESSAGES.accessToken })
      .min(1, { error: MEMBER_BOOKING_MESSAGES.accessToken })
      .max(4096, { error: MEMBER_BOOKING_MESSAGES.accessToken })
      .optional(),
    demo: z.literal(true, { error: MEMBER_BOOKING_MESSAGES.demoFlag }).optional(),
  })
  .refine((value) => (value.id_token === undefined) !== (value.demo === undefined), {
    error: MEMBER_BOOKING_MESSAGES.sessionChoice,
    path: ['id_token'],
  });
export type MemberSessionInput = z.infer<typeof memberSessionInputSchema>;

export const memberSessionSchema = z.object({
  member: z.object({ display_name: z.string(), icon_url: z.string() }),
  /** ISO instant the session ends (the page asks LIFF for a new token then). */
  expires_at: z.string(),
  demo: z.boolean(),
});
export type MemberSession = z.infer<typeof memberSessionSchema>;

/**
 * `GET /api/booking/{publicKey}/session`: how the page signs the customer in (decision 0127) —
 * the live session if the cookie has one, the account's LIFF id ('' when none), and whether
 * 'デモ会員として続ける' is offered (demo seed on, no LINE Login channel).
 */
export const memberIdentitySchema = z.object({
  session: memberSessionSchema.nullable(),
  liff_id: z.string(),
  demo_available: z.boolean(),
});
export type MemberIdentity = z.infer<typeof memberIdentitySchema>;

const resourceChoice = z.union([idSchema, z.null()], { error: MEMBER_BOOKING_MESSAGES.resourceId });
const comment = z
  .string({ error: MEMBER_BOOKING_MESSAGES.comment })
  .trim()
  .max(500, { error: MEMBER_BOOKING_MESSAGES.comment })
  .default('');

/** `POST /api/booking/{publicKey}/reservations`: course, staff or 指名なし (null), start. */
export const memberBookingInputSchema = z.object({
  course_id: z.number({ error: MEMBER_BOOKING_MESSAGES.courseId }).pipe(idSchema),
  resource_id: resourceChoice,
  date: salonDateSchema,
  from: salonTimeSchema,
  comment,
  /**
   * Answers to the online config's questions keyed by question id (decision 0126); checked
   * against the salon's current questions by the server (`checkCustomerAnswers`).
   */
  answers: z
    .record(
      z.string().regex(/^\d{1,10}$/, { error: MEMBER_BOOKING_MESSAGES.answers }),
      z.union([z.string().max(5000), z.boolean()], { error: MEMBER_BOOKING_MESSAGES.answers }),
      { error: MEMBER_BOOKING_MESSAGES.answers },
    )
    .refine((answers) => Object.keys(answers).length <= 100, {
      error: MEMBER_BOOKING_MESSAGES.answers,
    })
    .default({}),
});
export type MemberBookingInput = z.infer<typeof memberBookingInputSchema>;

/** A change request: a new start (and staff; absent = the same) for the same course. */
export const memberChangeInputSchema = z.object({
  resource_id: resourceChoice.optional(),
  date: salonDateSchema,
  from: salonTimeSchema,
  comment: comment.optional(),
});
export type MemberChangeInput = z.infer<typeof memberChangeInputSchema>;

export const freeSlotSchema = z.object({ date: z.string(), from: z.string(), to: z.string() });

/** 409 when the slot was taken meanwhile: the nearest free slots of the same course and staff. */
export const slotTakenBodySchema = z.object({
  message: z.string(),
  alternatives: z.array(freeSlotSchema),
});

export const memberBookingResultSchema = z.object({
  status: z.literal(true),
  id: z.number().int(),
  /** 'confirmed' (即時確定) or 'requested' (リクエスト中), per the booking config's accept_mode. */
  state: z.enum(['confirmed', 'requested']),
  state_name: z.string(),
});

export const myReservationSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  from: z.string(),
  to: z.string(),
  /** The course and staff ids, so the page can ask the engine for a new slot of the same. */
  course_id: z.number().int().nullable(),
  course_name: z.string(),
  /** The staff member the customer chose; null for 指名なし (the customer's choice is kept). */
  resource_id: z.number().int().nullable(),
  /** The chosen staff member's display name, or '' (指名なし / a room). */
  resource_name: z.string(),
  /** false when the customer booked 指名なし (issue 26): a change offers every suitable staff member. */
  nominated: z.boolean(),
  /** What the visit costs (税込, yen): the course, the 指名料 when charged, and their total. */
  course_price: z.number().int(),
  nomination_fee: z.number().int(),
  total: z.number().int(),
  status: z.number().int(),
  status_name: z.string(),
  change_request: z
    .object({ id: z.number().int(), date: z.string(), from: z.string(), to: z.string() })
    .nullable(),
  cancel_request: z.object({ id: z.number().int() }).nullable(),
  /** Whether a cancel or change may still be asked for online, and why not. */
  can_change: z.boolean(),
  refusal: z.string(),
});
export type MyReservation = z.infer<typeof myReservationSchema>;

/**
 * `POST …/my/reservations/{id}/cancel` (decision 0270): `cancelled` when the salon's cancel
 * accept_mode is instant (the slot is free at once), `requested` when staff must approve.
 */
export const memberCancelResultSchema = z.object({
  status: z.literal(true),
  id: z.number().int(),
  state: z.enum(['cancelled', 'requested']),
});
export type MemberCancelResult = z.infer<typeof memberCancelResultSchema>;

export const myReservationsSchema = z.object({
  upcoming: z.array(myReservationSchema),
  past: z.array(myReservationSchema),
});

export const myReservationParamsSchema = z.object({ publicKey: publicKeyParam, id: idParam });
export const myRequestParamsSchema = z.object({
  publicKey: publicKeyParam,
  id: idParam,
  childId: idParam,
});
