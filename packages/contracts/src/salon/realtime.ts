import { z } from 'zod';
import { idParam } from '../ids.js';

/** RT-02..09 plus the types that never produce a notice (RT-10/11: approve/deny, delete). */
export const SALON_EVENT_TYPES = [
  'create',
  'update',
  'create_request',
  'update_request',
  'cancel',
  'cancel_request',
  'delete_cancel_request',
  'delete_update_request',
  'approve_update_request',
  'deny_update_request',
  'approve_cancel_request',
  'deny_cancel_request',
  'delete',
  /** The online action notify_operators (decision 0131): a notice with the salon's own text. */
  'online_notice',
] as const;
export type SalonEventType = (typeof SALON_EVENT_TYPES)[number];

/** The notice text of each type that produces one (RT-02..09); others produce none. */
export const SALON_EVENT_NOTICES: Partial<Record<SalonEventType, string>> = {
  create: '新しい予約が入りました',
  update: '予約が変更されました',
  create_request: '新しい予約リクエストが届きました',
  update_request: '予約の変更リクエストが届きました',
  cancel: '予約がキャンセルされました',
  cancel_request: '予約のキャンセルリクエストが届きました',
  delete_cancel_request: 'キャンセルリクエストが取り下げられました',
  delete_update_request: '変更リクエストが取り下げられました',
  online_notice: 'オンライン予約が入りました',
};

export const SALON_RESERVATION_EVENT = 'salon_reservation_event';

/** RT-01 fields, plus who made it (`actor`) so the console can ignore its own (RT-10). */
export const salonReservationEventSchema = z.object({
  event: z.literal(SALON_RESERVATION_EVENT),
  id: z.number().int(),
  salon_id: z.number().int(),
  reservation_id: z.number().int(),
  reservation_change_child_id: z.number().int().nullable(),
  reservation_delete_child_id: z.number().int().nullable(),
  event_type: z.enum(SALON_EVENT_TYPES),
  member_display_name: z.string(),
  icon_url: z.string(),
  actor: z.enum(['manager', 'member']),
  /** online_notice: the text the salon wrote for the notice (the type's text when absent). */
  notice_text: z.string().optional(),
  occurred_at: z.string(),
});
export type SalonReservationEvent = z.infer<typeof salonReservationEventSchema>;

/** RT-13: what the console shows for an event that produces a notice. */
export interface SalonEventNotice {
  name: string;
  icon_url: string;
  text: string;
  reservation_id: number;
}

/**
 * The notice an event produces, or null (RT-02..13): none while the salon's `push_notification`
 * switch is off (RT-12), none for the manager's own changes (RT-10), none for approvals,
 * denials and deletions (RT-11); otherwise the type's text with the member's name and icon.
 */
export function salonEventNotice(
  event: Pick<
    SalonReservationEvent,
    'event_type' | 'actor' | 'member_display_name' | 'icon_url' | 'reservation_id' | 'notice_text'
  >,
  pushNotification: boolean,
): SalonEventNotice | null {
  const text = event.notice_text || SALON_EVENT_NOTICES[event.event_type];
  if (!pushNotification || event.actor === 'manager' || !text) return null;
  return {
    name: event.member_display_name,
    icon_url: event.icon_url,
    text,
    reservation_id: event.reservation_id,
  };
}

/** RT-14. Our push channel is Server-Sent Events, so there is no api key. */
export const realtimeSettingsSchema = z.object({
  api_key: z.string().nullable(),
  cluster: z.string(),
  channel: z.string(),
  debug: z.boolean(),
  salon_id: z.number().int().nullable(),
  stream_url: z.string().nullable(),
});
export type RealtimeSettings = z.infer<typeof realtimeSettingsSchema>;

export const salonEventsParamsSchema = z.object({ salonId: idParam });

/** How far back a reconnecting stream is replayed from `Last-Event-ID`. */
export const REALTIME_REPLAY_MINUTES = 10;
export const REALTIME_HEARTBEAT_SECONDS = 20;

/**
 * Event streams one session may hold open at once, per server process (decision 0051): one
 * more is refused with 429 and `REALTIME_MESSAGES.tooManyStreams`.
 */
export const REALTIME_STREAMS_PER_SESSION = 10;

export const REALTIME_MESSAGES = {
  tooManyStreams: `同時に開いている画面が多すぎます（1つのログインにつき${REALTIME_STREAMS_PER_SESSION}画面まで）。使っていないタブを閉じてから、この画面を再読み込みしてください`,
} as const;
