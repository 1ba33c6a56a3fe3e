import { describe, expect, it } from 'vitest';
import { eventSlotInputSchema, weeklyDates } from './event-slots.js';
import { seatLabelOf } from './event-states.js';
import { eventInputSchema, reminderKeyOf } from './events.js';

describe('event contracts', () => {
  it('defaults a new event to 下書き, once per event, with an 18:00 close', () => {
    const parsed = eventInputSchema.parse({ title: '体験会', admin_name: '12月体験会' });
    expect(parsed).toMatchObject({
      state: 'draft',
      booking_limit: 'per_event',
      default_close_hour: 18,
    });
  });

  it('names the field in Japanese when the title is missing', () => {
    const result = eventInputSchema.safeParse({ admin_name: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('タイトル');
  });

  it('takes slot times only with an offset, and ends after it starts', () => {
    const ok = eventSlotInputSchema.safeParse({
      starts_at: '2026-12-01T10:00:00+09:00',
      ends_at: '2026-12-01T12:00:00+09:00',
      capacity: 10,
    });
    expect(ok.success).toBe(true);
    const local = eventSlotInputSchema.safeParse({
      starts_at: '2026-12-01T10:00:00',
      ends_at: '2026-12-01T12:00:00+09:00',
      capacity: 10,
    });
    expect(local.error?.issues[0]?.message).toContain('オフセット');
    const backwards = eventSlotInputSchema.safeParse({
      starts_at: '2026-12-01T10:00:00+09:00',
      ends_at: '2026-12-01T09:00:00+09:00',
      capacity: 10,
    });
    expect(backwards.error?.issues[0]?.path).toEqual(['ends_at']);
  });

  it('refuses two reminders at the same offset', () => {
    const result = eventInputSchema.safeParse({
      title: 't',
      admin_name: 'a',
      reminders: [
        { kind: 'minutes_before', minutes_before: 60, text: 'a' },
        { kind: 'minutes_before', minutes_before: 60, text: 'b' },
      ],
    });
    expect(result.success).toBe(false);
    expect(reminderKeyOf({ kind: 'day_before_at', days_before: 1, at: '18:00', text: 'x' })).toBe(
      'd1@18:00',
    );
  });

  it('labels seats 満席 / 残りわずか', () => {
    expect(seatLabelOf(0, 10, true)).toBe('full');
    expect(seatLabelOf(2, 10, true)).toBe('few');
    expect(seatLabelOf(8, 10, true)).toBe('available');
    expect(seatLabelOf(8, 10, false)).toBe('closed');
  });

  it('gives weekly dates for a copy (8 weeks)', () => {
    expect(weeklyDates('2026-12-29', 2)).toEqual(['2027-01-05', '2027-01-12']);
  });
});
