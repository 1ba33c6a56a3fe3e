import { describe, expect, it } from 'vitest';
import { openingFor } from './configs.js';
import { dateRangeSchema, salonTimeSchema } from './common.js';
import {
  SALON_EVENT_TYPES,
  salonEventNotice,
  type SalonEventType,
  type SalonReservationEvent,
} from './realtime.js';
import { reservationInputSchema } from './reservations.js';

function memberEvent(
  eventType: SalonEventType,
  actor: SalonReservationEvent['actor'] = 'member',
): Pick<
  SalonReservationEvent,
  'event_type' | 'actor' | 'member_display_name' | 'icon_url' | 'reservation_id'
> {
  return {
    event_type: eventType,
    actor,
    member_display_name: '佐藤 美咲',
    icon_url: 'https://profile.line-scdn.net/icon',
    reservation_id: 42,
  };
}

describe('salon contracts', () => {
  it('RSV-15 opening is looked up by date first, then by weekday', () => {
    const weekdays = Array.from({ length: 7 }, (_, day) => ({
      is_open: day !== 2,
      from: '10:00',
      to: '19:00',
    }));
    const dates = { '2024-05-07': { is_open: true, from: '12:00', to: '15:00' } };
    // 2024-05-07 and 2024-05-14 are Tuesdays (weekday 2).
    expect(openingFor({ weekdays, dates }, '2024-05-07')).toEqual(dates['2024-05-07']);
    expect(openingFor({ weekdays, dates }, '2024-05-14')?.is_open).toBe(false);
  });

  it('times are HH:mm from 00:00 to 23:59', () => {
    for (const ok of ['00:00', '09:30', '23:59'])
      expect(salonTimeSchema.safeParse(ok).success).toBe(true);
    for (const bad of ['24:00', '9:30', '09:60', '09:30:00', ''])
      expect(salonTimeSchema.safeParse(bad).success).toBe(false);
  });

  it('range_date is start..end with real dates, start not after end', () => {
    expect(dateRangeSchema.parse('2024-02-01..2024-02-29')).toEqual({
      start: '2024-02-01',
      end: '2024-02-29',
    });
    expect(dateRangeSchema.safeParse('2023-02-01..2023-02-29').success).toBe(false);
    expect(dateRangeSchema.safeParse('2024-03-01..2024-02-01').success).toBe(false);
  });

  it('RSV-57..59 contact_address is ignored and non-positive ids become null', () => {
    const parsed = reservationInputSchema.parse({
      date: '2024-05-01',
      from: '10:00',
      to: '11:00',
      course_id: 0,
      salon_resource_id: -1,
      member_id: null,
      contact_address: 'x@example.jp',
    });
    expect(parsed).toMatchObject({ course_id: null, salon_resource_id: null, member_id: null });
    expect(
      reservationInputSchema.safeParse({ date: '2024-05-01', from: '11:00', to: '10:00' }).success,
    ).toBe(false);
  });

  it.each([
    ['RT-02', 'create', '新しい予約が入りました'],
    ['RT-03', 'update', '予約が変更されました'],
    ['RT-04', 'create_request', '新しい予約リクエストが届きました'],
    ['RT-05', 'update_request', '予約の変更リクエストが届きました'],
    ['RT-06', 'cancel', '予約がキャンセルされました'],
    ['RT-07', 'cancel_request', '予約のキャンセルリクエストが届きました'],
    ['RT-08', 'delete_cancel_request', 'キャンセルリクエストが取り下げられました'],
    ['RT-09', 'delete_update_request', '変更リクエストが取り下げられました'],
  ] as const)(
    '%s RT-13 event type %s produces the notice %s with name, icon and reservation',
    (_, type, text) => {
      expect(salonEventNotice(memberEvent(type), true)).toEqual({
        name: '佐藤 美咲',
        icon_url: 'https://profile.line-scdn.net/icon',
        text,
        reservation_id: 42,
      });
    },
  );

  it('RT-10 the manager’s own changes produce no notice', () => {
    for (const type of SALON_EVENT_TYPES)
      expect(salonEventNotice(memberEvent(type, 'manager'), true)).toBeNull();
  });

  it('RT-11 approvals, denials and deletions produce no notice', () => {
    for (const type of [
      'approve_update_request',
      'deny_update_request',
      'approve_cancel_request',
      'deny_cancel_request',
      'delete',
    ] as const)
      expect(salonEventNotice(memberEvent(type), true)).toBeNull();
  });

  it('RT-12 with push_notification off no event produces a notice', () => {
    for (const type of SALON_EVENT_TYPES)
      expect(salonEventNotice(memberEvent(type), false)).toBeNull();
  });

  it('the online action notify_operators shows the salon’s own text, or the type’s text', () => {
    expect(
      salonEventNotice({ ...memberEvent('online_notice'), notice_text: '電話で確認' }, true),
    ).toMatchObject({ text: '電話で確認' });
    expect(salonEventNotice(memberEvent('online_notice'), true)).toMatchObject({
      text: 'オンライン予約が入りました',
    });
  });
});
